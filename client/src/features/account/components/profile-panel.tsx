import type { User } from '@/lib/auth';

export function ProfilePanel({ user }: { user: User }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <section className="panel" aria-labelledby="profile-title" data-testid="profile">
      <h2 id="profile-title" className="panel__title">
        Profile
      </h2>
      <dl className="details">
        <div>
          <dt>Email</dt>
          <dd data-testid="profile-email">{user.email}</dd>
        </div>
        {name ? (
          <div>
            <dt>Name</dt>
            <dd>{name}</dd>
          </div>
        ) : null}
        <div>
          <dt>Category</dt>
          <dd data-testid="profile-category">{user.userCategory || 'Not set'}</dd>
        </div>
        <div>
          <dt>Website</dt>
          <dd data-testid="profile-website">
            {user.websiteUrl ? (
              <a href={/^https?:\/\//i.test(user.websiteUrl) ? user.websiteUrl : `https://${user.websiteUrl}`} target="_blank" rel="noreferrer noopener">
                {user.websiteUrl}
              </a>
            ) : (
              'Not set'
            )}
          </dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{user.isOwner ? 'Account owner' : 'Shared access member'}</dd>
        </div>
      </dl>
    </section>
  );
}
