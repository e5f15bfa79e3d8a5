import { Link } from 'react-router';
import { useUser } from '@/lib/auth';

const SHORTCUTS = [
  { to: '/dashboard/manage-videos', title: 'Manage videos', text: 'Review, render and publish the videos you made.' },
  { to: '/dashboard/automation', title: 'Automation', text: 'Turn new pages of your site into videos on a schedule.' },
  { to: '/dashboard/media-library', title: 'Media library', text: 'Upload images, clips and audio to use in your videos.' },
];

export function DashboardHome() {
  const user = useUser();
  const email = user.data?.email ?? '';
  const name = user.data?.firstName;
  return (
    <section className="page" data-testid="dashboard-home">
      <div className="hero">
        <div>
          <h1 className="page__title">{name ? `Welcome, ${name}` : 'Welcome to Pagecast'}</h1>
          <p className="page__subtitle">
            Signed in as <strong data-testid="dashboard-email">{email}</strong>. Turn a web page or a script into a
            narrated video in a few minutes.
          </p>
        </div>
        <Link to="/dashboard/create-video" className="button button--primary button--lg" data-testid="create-video-cta">
          Create video
        </Link>
      </div>
      <ul className="cards">
        {SHORTCUTS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="card card--link">
              <span className="card__title">{s.title}</span>
              <span className="card__text">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
