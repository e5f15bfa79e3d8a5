import { useEffect, useRef, useState } from 'react';
import { FieldErrorText } from '@/components/form/text-field';
import type { AppConfig, CaptchaProvider } from '../api/get-app-config';

type RealProvider = Exclude<CaptchaProvider, ''>;

interface WidgetApi {
  render: (el: HTMLElement, options: Record<string, unknown>) => string | number;
  reset: (id?: string | number) => void;
  remove?: (id: string | number) => void;
}

const SCRIPT: Record<RealProvider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit',
};
const GLOBAL: Record<RealProvider, string> = {
  turnstile: 'turnstile',
  hcaptcha: 'hcaptcha',
  recaptcha: 'grecaptcha',
};

const loaders = new Map<RealProvider, Promise<WidgetApi>>();

/** Loads the provider's script once; resolves with its global widget API. */
function loadProvider(provider: RealProvider): Promise<WidgetApi> {
  const existing = loaders.get(provider);
  if (existing) return existing;
  const promise = new Promise<WidgetApi>((resolve, reject) => {
    const callbackName = `__pagecastCaptcha_${provider}`;
    const w = window as unknown as Record<string, unknown>;
    w[callbackName] = () => resolve(w[GLOBAL[provider]] as WidgetApi);
    const script = document.createElement('script');
    script.src = `${SCRIPT[provider]}&onload=${callbackName}`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loaders.delete(provider);
      script.remove();
      reject(new Error('captcha script failed to load'));
    };
    document.head.appendChild(script);
  });
  loaders.set(provider, promise);
  return promise;
}

/** True when the server asks for a captcha and says which one. */
export function captchaRequired(config: AppConfig | undefined): boolean {
  return Boolean(config?.captcha.enabled && config.captcha.provider && config.captcha.siteKey);
}

interface CaptchaProps {
  config: AppConfig['captcha'];
  onToken: (token: string) => void;
  /** Changing this number resets the widget (after the server rejected the token). */
  resetSignal: number;
  error?: string;
}

export function Captcha({ config, onToken, resetSignal, error }: CaptchaProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: WidgetApi; id: string | number } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;
  const provider = config.provider as RealProvider;

  useEffect(() => {
    let cancelled = false;
    loadProvider(provider)
      .then((api) => {
        if (cancelled || !containerRef.current) return;
        const id = api.render(containerRef.current, {
          sitekey: config.siteKey,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(''),
          'error-callback': () => onTokenRef.current(''),
        });
        widget.current = { api, id };
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      const w = widget.current;
      widget.current = null;
      if (w?.api.remove) {
        try {
          w.api.remove(w.id);
        } catch {
          /* widget already gone */
        }
      }
    };
  }, [provider, config.siteKey]);

  useEffect(() => {
    if (resetSignal === 0 || !widget.current) return;
    widget.current.api.reset(widget.current.id);
    onTokenRef.current('');
  }, [resetSignal]);

  return (
    <div className="captcha" data-testid="captcha">
      <div ref={containerRef} />
      {state === 'loading' ? <p className="field__hint">Loading the captcha…</p> : null}
      {state === 'failed' ? (
        <p className="field__error">The captcha could not be loaded. Check your connection and reload the page.</p>
      ) : null}
      <FieldErrorText field="captchaFail" message={error} />
    </div>
  );
}
