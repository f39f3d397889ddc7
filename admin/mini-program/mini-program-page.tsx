import {
  releaseVersion,
  rollbackVersion,
  type VersionRow,
  versionListResource,
} from '../../contract/endpoints/mini-program';
import {
  MINI_PROGRAM_COMMIT_PERMISSION,
  MINI_PROGRAM_PERMISSION,
  miniProgramVersionMachine,
} from '../../contract/machines/mini-program-version';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { AuthorizationPanel } from './authorization-panel';
import { miniProgramCatalogues } from './messages';
import { AuditDialog, ExperienceQrDialog, SandboxAuditDialog, TimelineDialog } from './version-dialogs';

const column = columnKinds<VersionRow>('miniProgram.column');
const UNDER_WAY = new Set(['uploading', 'submitting', 'releasing', 'rollingBack']);

/**
 * /smallRoutine/smallRoutineSupervise: the authorisation above, the code versions below with their
 * machine's steps (audit, release, roll back), the experience QR and the timeline; in the sandbox the
 * operator also gives the audit's result.
 */
const versionDefinition: ResourceDefinition<VersionRow> = {
  list: versionListResource,
  path: MINI_PROGRAM_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.UserVersion,
  columns: [
    column.twoLines(
      'version',
      (row) => row.UserVersion,
      (row) => row.UserDesc,
    ),
    column.text('template', (row) => String(row.TemplateId)),
    column.state('status', [
      {
        state: (row) => row.Status,
        label: (state) => `miniProgramVersion.state.${state}`,
        palette: {
          uploading: 'gray',
          uploaded: 'blue',
          submitting: 'gray',
          auditing: 'orange',
          delayed: 'orange',
          approved: 'blue',
          rejected: 'red',
          releasing: 'gray',
          released: 'green',
          rollingBack: 'gray',
          rolledBack: 'gray',
          superseded: 'gray',
          failed: 'red',
        },
      },
    ]),
    column.text('reason', (row) => row.Reason),
    column.text('committedBy', (row) => row.CommittedBy),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  toolbar: [
    {
      label: 'miniProgram.commitNew',
      to: MINI_PROGRAM_COMMIT_PERMISSION,
      permission: MINI_PROGRAM_COMMIT_PERMISSION,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'machine',
      machine: miniProgramVersionMachine,
      state: (row) => row.Status,
      bulk: false,
      call: (action, ids) =>
        action.name === 'release'
          ? { endpoint: releaseVersion, input: { Ids: ids } }
          : action.name === 'rollback'
            ? { endpoint: rollbackVersion, input: { Ids: ids } }
            : null,
      dialogs: { auditForm: AuditDialog },
    },
    {
      kind: 'command',
      id: 'sandboxAudit',
      label: 'miniProgram.sandbox.audit',
      permission: MINI_PROGRAM_PERMISSION,
      offer: (row) => row.Provider === 'sandbox' && (row.Status === 'auditing' || row.Status === 'delayed'),
      dialog: SandboxAuditDialog,
    },
    {
      kind: 'command',
      id: 'qr',
      label: 'miniProgram.qr.open',
      permission: MINI_PROGRAM_PERMISSION,
      offer: (row) => row.Status !== 'uploading' && row.Status !== 'failed',
      dialog: ExperienceQrDialog,
    },
    {
      kind: 'command',
      id: 'timeline',
      label: 'miniProgram.timeline.open',
      permission: MINI_PROGRAM_PERMISSION,
      dialog: TimelineDialog,
    },
  ],
  // A step WeChat has not answered yet is retried by the sweep: keep reading until it settles.
  refreshWhile: (page) => (page.Data.some((row) => UNDER_WAY.has(row.Status)) ? 5000 : false),
};

function MiniProgramPage() {
  return <ResourceScreen definition={versionDefinition} header={<AuthorizationPanel />} />;
}

export default withModuleMessages(MiniProgramPage, miniProgramCatalogues);
