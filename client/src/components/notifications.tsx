import { useNotifications } from '@/stores/notifications';

/** Top-right stack of notifications; each one removes itself after 5 seconds. */
export function Notifications() {
  const notifications = useNotifications((s) => s.notifications);
  const dismiss = useNotifications((s) => s.dismiss);
  return (
    <div className="notifications" aria-live="polite">
      {notifications.map((n) => (
        <div
          key={n.id}
          className={`notification notification--${n.type}`}
          role={n.type === 'error' ? 'alert' : 'status'}
          data-testid="notification"
          data-type={n.type}
        >
          <div className="notification__body">
            <p className="notification__title">{n.title}</p>
            {n.message ? <p className="notification__message">{n.message}</p> : null}
          </div>
          <button
            type="button"
            className="notification__close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
