import { Link } from 'react-router';

/** locked: the plan does not allow another video now. */
export function LockedPage() {
  return (
    <div className="cv-step panel panel--warning" data-testid="create-locked">
      <h2 className="panel__title">Video creation is locked</h2>
      <p>Your plan does not allow another video right now. Change your plan, or wait for your monthly allowance to renew.</p>
      <div className="cv-actions__right">
        <Link to="/dashboard/plans" className="button button--primary">
          See plans
        </Link>
        <Link to="/dashboard/manage-videos" className="button button--ghost">
          Manage videos
        </Link>
      </div>
    </div>
  );
}
