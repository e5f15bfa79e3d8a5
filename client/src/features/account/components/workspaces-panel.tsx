import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { Spinner } from '@/components/spinner';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { useCreateWorkspace } from '../api/create-workspace';
import { useWorkspaces, type Workspace } from '../api/get-workspaces';
import { useUpdateWorkspace } from '../api/update-workspace';
import { validateWorkspaceName } from '../utils/validation';

function serverNameError(error: unknown): string {
  if (isApiError(error)) return error.fieldMap().name ?? error.message;
  return 'error receiving data';
}

function WorkspaceRow({ workspace }: { workspace: Workspace }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(workspace.name);
  const [error, setError] = useState<string>();
  const update = useUpdateWorkspace({
    onSuccess: () => {
      setEditing(false);
      notify.success('Workspace renamed.');
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const invalid = validateWorkspaceName(name);
    setError(invalid);
    if (invalid) return;
    update.mutate(
      { workspaceId: workspace.workspaceId, name: name.trim() },
      { onError: (err) => setError(serverNameError(err)) },
    );
  }

  if (editing) {
    return (
      <li className="list__item">
        <form className="inline-form" noValidate onSubmit={submit} aria-label={`Rename ${workspace.name}`}>
          <TextField
            label="Workspace name"
            name="name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setEditing(false);
                setName(workspace.name);
                setError(undefined);
              }
            }}
            error={error}
            autoFocus
          />
          <div className="inline-form__actions">
            <button type="submit" className="button button--primary button--sm" disabled={update.isPending}>
              Save
            </button>
            <button
              type="button"
              className="button button--ghost button--sm"
              onClick={() => {
                setEditing(false);
                setName(workspace.name);
                setError(undefined);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="list__item" data-testid="workspace">
      <span className="list__label">
        {workspace.name}
        {workspace.isDefault ? <span className="badge">Default</span> : null}
      </span>
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => {
          setName(workspace.name);
          setEditing(true);
        }}
        aria-label={`Rename ${workspace.name}`}
      >
        Rename
      </button>
    </li>
  );
}

export function WorkspacesPanel() {
  const workspaces = useWorkspaces();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateWorkspace({
    onSuccess: () => {
      setName('');
      notify.success('Workspace created.');
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const invalid = validateWorkspaceName(name);
    setError(invalid);
    if (invalid) return;
    create.mutate({ name: name.trim() }, { onError: (err) => setError(serverNameError(err)) });
  }

  return (
    <section className="panel" aria-labelledby="workspaces-title" data-testid="workspaces">
      <h2 id="workspaces-title" className="panel__title">
        Workspaces
      </h2>
      <p className="muted">Videos and automation tasks belong to a workspace.</p>
      {workspaces.isPending ? (
        <Spinner label="Loading workspaces…" />
      ) : workspaces.isError ? (
        <p className="field__error">Workspaces could not be loaded.</p>
      ) : workspaces.data.length === 0 ? (
        <p className="muted">No workspaces yet.</p>
      ) : (
        <ul className="list">
          {workspaces.data.map((w) => (
            <WorkspaceRow key={w.workspaceId} workspace={w} />
          ))}
        </ul>
      )}
      <form className="inline-form" noValidate onSubmit={submit} aria-label="Create a workspace">
        <TextField
          label="New workspace"
          name="name"
          placeholder="Workspace name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="inline-form__actions">
          <button type="submit" className="button button--secondary" disabled={create.isPending} data-testid="create-workspace">
            {create.isPending ? 'Creating…' : 'Create workspace'}
          </button>
        </div>
      </form>
    </section>
  );
}
