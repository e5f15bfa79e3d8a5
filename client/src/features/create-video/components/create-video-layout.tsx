import { Outlet, useLocation } from 'react-router';
import { useDefaultPreset } from '../hooks/use-default-preset';
import { CREATE_BASE } from './paths';
import './create-video.css';

const STEPS = [
  { label: 'Type', paths: [''] },
  { label: 'Format', paths: ['aspect-ratio'] },
  { label: 'Content', paths: ['pull-content', 'from-scratch', 'generate-script', 'voiceover', 'script-transform'] },
  { label: 'Settings', paths: ['settings'] },
  { label: 'Review', paths: ['overview'] },
];

/** stepIndex: which of the five steps a path of the flow belongs to (-1 for express, generating, locked). */
export function stepIndex(pathname: string): number {
  const rest = pathname.startsWith(CREATE_BASE) ? pathname.slice(CREATE_BASE.length).replace(/^\/+|\/+$/g, '') : '';
  return STEPS.findIndex((s) => s.paths.includes(rest));
}

/** The single-video flow: a step indicator over the current step. A new draft takes the default preset. */
export function CreateVideoLayout() {
  useDefaultPreset();
  const { pathname } = useLocation();
  const current = stepIndex(pathname);
  return (
    <section className="page create-video" data-testid="create-video">
      <header className="page__header">
        <h1 className="page__title">Create a video</h1>
      </header>
      {current >= 0 && (
        <ol className="steps" aria-label="Steps">
          {STEPS.map((s, i) => (
            <li
              key={s.label}
              className={`steps__item${i === current ? ' steps__item--current' : i < current ? ' steps__item--done' : ''}`}
              aria-current={i === current ? 'step' : undefined}
            >
              <span className="steps__number">{i + 1}</span>
              {s.label}
            </li>
          ))}
        </ol>
      )}
      <Outlet />
    </section>
  );
}
