import type { ReactNode } from 'react';
import { rolesAllow } from '../../app/route-model';
import { useSessionStore } from '../../stores/session-store';

/** Shows its children only to holders of one of `roles` (vue-element-admin's v-permission). */
export function Permitted({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const held = useSessionStore((state) => state.roles);
  return rolesAllow(roles, held) ? children : null;
}
