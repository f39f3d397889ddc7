import { defineMachine } from '../state-machine';

/** Menu paths of the mini-program screens (SPEC §2 /smallRoutine). */
export const MINI_PROGRAM_PERMISSION = '/smallRoutine/smallRoutineSupervise';
export const MINI_PROGRAM_COMMIT_PERMISSION = '/smallRoutine/packSmallRoutine';

export const MINI_PROGRAM_VERSION_STATES = [
  'uploading',
  'uploaded',
  'submitting',
  'auditing',
  'delayed',
  'approved',
  'rejected',
  'releasing',
  'released',
  'rollingBack',
  'rolledBack',
  'superseded',
  'failed',
] as const;
export type MiniProgramVersionState = (typeof MINI_PROGRAM_VERSION_STATES)[number];

/**
 * One code version of a shop's mini-program at WeChat. The operator's steps (commit, submit for
 * audit, release, roll back) are queued and sent by the outbox, so each has a "…ing" state until
 * WeChat answers; a refusal returns the version to where it was, with WeChat's reason. The audit's
 * outcome arrives by WeChat's push. Releasing a version supersedes the one on line; rolling back puts
 * the superseded one on line again.
 */
export const miniProgramVersionMachine = defineMachine({
  id: 'miniProgramVersion',
  states: MINI_PROGRAM_VERSION_STATES,
  initial: 'uploading',
  actions: [
    {
      name: 'uploaded',
      from: ['uploading'],
      to: 'uploaded',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'uploadFailed',
      from: ['uploading'],
      to: 'failed',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'submitAudit',
      from: ['uploaded', 'rejected'],
      to: 'submitting',
      permission: MINI_PROGRAM_PERMISSION,
      form: 'auditForm',
    },
    {
      name: 'submitted',
      from: ['submitting'],
      to: 'auditing',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'submitRefused',
      from: ['submitting'],
      to: 'uploaded',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'approve',
      from: ['auditing', 'delayed'],
      to: 'approved',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'reject',
      from: ['auditing', 'delayed'],
      to: 'rejected',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'delay',
      from: ['auditing'],
      to: 'delayed',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'release',
      from: ['approved'],
      to: 'releasing',
      permission: MINI_PROGRAM_PERMISSION,
      confirm: true,
    },
    {
      name: 'releaseDone',
      from: ['releasing'],
      to: 'released',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'releaseRefused',
      from: ['releasing'],
      to: 'approved',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'supersede',
      from: ['released'],
      to: 'superseded',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'rollback',
      from: ['released'],
      to: 'rollingBack',
      permission: MINI_PROGRAM_PERMISSION,
      confirm: true,
      destructive: true,
    },
    {
      name: 'rollbackDone',
      from: ['rollingBack'],
      to: 'rolledBack',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'rollbackRefused',
      from: ['rollingBack'],
      to: 'released',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
    {
      name: 'restore',
      from: ['superseded'],
      to: 'released',
      permission: MINI_PROGRAM_PERMISSION,
      automatic: true,
    },
  ],
});
export type MiniProgramVersionAction = (typeof miniProgramVersionMachine.actions)[number]['name'];
