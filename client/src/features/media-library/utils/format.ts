/** Duration badge text: m:ss (minutes are not wrapped into hours). Empty for missing or non-positive values. */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return '';
  const total = Math.max(1, Math.round(seconds));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

const UNITS = ['KB', 'MB', 'GB'];

/** Human file size: "512 B", "1.5 MB", "500 MB". */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit = 'B';
  for (const u of UNITS) {
    if (value < 1024) break;
    value /= 1024;
    unit = u;
  }
  const rounded = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${unit}`;
}
