import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

let pending = 0;

/** Counts overlapping loads so the bar ends only when the last one does. */
export function startProgress(): void {
  pending += 1;
  if (pending === 1) NProgress.start();
}

export function doneProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
