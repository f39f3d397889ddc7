import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// nprogress's own template carries role="bar", which is not an ARIA role.
NProgress.configure({
  showSpinner: false,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
});

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
