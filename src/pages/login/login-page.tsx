import './login-page.css';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { safeRedirect } from '../../app/guard';
import { getVerifyCodeRef } from '../../lib/auth-endpoints';
import { setToken } from '../../lib/auth-token';
import { endpointUrl } from '../../lib/endpoint-ref';
import type { HttpEffect } from '../../lib/http-outcome';
import {
  createTranslator,
  LANGUAGES,
  type Language,
  loadCatalogue,
  translatorFunction,
} from '../../lib/i18n/language';
import { requestLogin } from './login-client';
import {
  type LoginField,
  type LoginValues,
  parseSiteId,
  validateLogin,
  validateLoginField,
} from './login-validation';

function freshCodeUrl() {
  return endpointUrl(getVerifyCodeRef, { r: String(Math.random()).slice(2) });
}

/** Inline strokes (24×24): the login route ships no icon set. */
function Stroke({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const ICONS = {
  user: (
    <Stroke>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Stroke>
  ),
  lock: (
    <Stroke>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Stroke>
  ),
  shield: (
    <Stroke>
      <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z" />
      <path d="m9 12 2 2 4-4" />
    </Stroke>
  ),
  eye: (
    <Stroke>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </Stroke>
  ),
  eyeOff: (
    <Stroke>
      <path d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c6.5 0 10 6 10 6a16.8 16.8 0 0 1-3.2 3.9M6.6 6.6C3.8 8.3 2 12 2 12s3.5 6 10 6a9.6 9.6 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </Stroke>
  ),
  capsLock: (
    <Stroke>
      <path d="M12 4 4 12h4v4h8v-4h4zM8 20h8" />
    </Stroke>
  ),
  key: (
    <Stroke>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2" />
    </Stroke>
  ),
};

interface Notice {
  status: 'error' | 'success';
  message: string;
  duration: number;
}

/** A message at the top of the page for a few seconds, as the app's toasts are (SPEC §9 durations). */
function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), notice.duration);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}

/** The failed login's side effects: its message, or the expired-site page (SPEC §8). */
function applyLoginEffects(effects: readonly HttpEffect[], show: (notice: Notice) => void) {
  for (const effect of effects) {
    if (effect.kind === 'toast') show(effect);
    else if (effect.kind === 'dialog') show({ status: 'error', message: effect.message, duration: 5000 });
    else if (effect.kind === 'navigate') window.location.assign(effect.to);
  }
}

export interface LoginPageProps {
  pathname: string;
  search: string;
  language: Language;
  onLanguageChange(next: Language): void;
}

/**
 * /login and /dislogin (sub-accounts, with ?siteId=): SPEC §2, §4, §5. It is the whole first page
 * most visitors load, so it uses plain elements and fetch; after login the app loads at the
 * redirect target and fetches the user info there.
 */
export function LoginPage({ pathname, search, language, onLanguageChange }: LoginPageProps) {
  const intl = useIntl();
  const params = new URLSearchParams(search);
  const subAccount = pathname === '/dislogin';
  const siteId = subAccount ? parseSiteId(params.get('siteId')) : null;
  const [values, setValues] = useState<LoginValues>({ userName: '', passWord: '', verifyCode: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [codeUrl, setCodeUrl] = useState(freshCodeUrl);
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useNotice();
  const refs = {
    userName: useRef<HTMLInputElement>(null),
    passWord: useRef<HTMLInputElement>(null),
    verifyCode: useRef<HTMLInputElement>(null),
  };

  const message = useCallback(
    (key: string | null) => (key ? intl.formatMessage({ id: key }) : undefined),
    [intl],
  );
  const refreshCode = () => setCodeUrl(freshCodeUrl());

  const update = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field])
      setErrors((current) => ({ ...current, [field]: message(validateLoginField(field, value)) }));
  };
  const check = (field: LoginField) =>
    setErrors((current) => ({ ...current, [field]: message(validateLoginField(field, values[field])) }));

  const onPasswordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    setCapsLock(event.getModifierState?.('CapsLock') ?? false);
  };

  const changeLanguage = (next: Language) => {
    if (next === language) return;
    loadCatalogue(next).then(
      () => {
        onLanguageChange(next);
        setNotice({
          status: 'success',
          message: createTranslator(next).formatMessage({ id: 'language.switched' }),
          duration: 3000,
        });
      },
      () =>
        setNotice({
          status: 'error',
          message: createTranslator(language).formatMessage({ id: 'app.loadFailed' }),
          duration: 3000,
        }),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const found = validateLogin(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, message(key)])));
    const firstInvalid = (['userName', 'passWord', 'verifyCode'] as const).find((field) => found[field]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    setLoading(true);
    const result = await requestLogin(
      { ...values, siteId },
      language,
      translatorFunction(createTranslator(language)),
    );
    if (result.ok) {
      setToken(result.token);
      window.location.replace(safeRedirect(params.get('redirect')));
      return;
    }
    applyLoginEffects(result.effects, setNotice);
    // A used code cannot be tried again.
    refreshCode();
    setValues((current) => ({ ...current, verifyCode: '' }));
    refs.verifyCode.current?.focus();
    setLoading(false);
  };

  const field = (
    name: LoginField,
    labelKey: string,
    icon: ReactNode,
    input: (described: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode,
    trailing?: ReactNode,
  ) => {
    const id = `login-${name}`;
    const error = errors[name];
    return (
      <div className="login-field">
        <label htmlFor={id} className="login-visually-hidden">
          <FormattedMessage id={labelKey} />
        </label>
        <div className="login-row">
          <div className="login-control">
            <span className="login-icon">{icon}</span>
            {input({
              id,
              'aria-invalid': Boolean(error),
              ...(error ? { 'aria-describedby': `${id}-error` } : {}),
            })}
          </div>
          {trailing}
        </div>
        {error && (
          <p className="login-error" id={`${id}-error`} data-testid={`error-${name}`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <main className="login-page">
      {notice && (
        <div
          className={`login-notice login-notice--${notice.status}`}
          role={notice.status === 'error' ? 'alert' : 'status'}
        >
          {notice.message}
        </div>
      )}
      <form
        className="login-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="login-title"
        data-testid="login-form"
      >
        <div className="login-header">
          <h1 className="login-title" id="login-title">
            <FormattedMessage id={subAccount ? 'login.subTitle' : 'login.title'} />
          </h1>
          <fieldset className="login-languages" data-testid="login-language">
            <legend className="login-visually-hidden">
              <FormattedMessage id="login.language" />
            </legend>
            {LANGUAGES.map((option) => (
              <button
                key={option}
                type="button"
                className="login-ghost"
                aria-pressed={option === language}
                onClick={() => changeLanguage(option)}
              >
                <FormattedMessage id={`language.${option}`} />
              </button>
            ))}
          </fieldset>
        </div>
        {subAccount && !siteId && (
          <p className="login-warning" role="alert">
            <FormattedMessage id="login.siteMissing" />
          </p>
        )}
        {field('userName', 'login.userName', ICONS.user, (described) => (
          <input
            {...described}
            ref={refs.userName}
            className="login-input"
            name="userName"
            autoComplete="username"
            // biome-ignore lint/a11y/noAutofocus: the login form is the whole page; SPEC §5 focuses it.
            autoFocus
            placeholder={intl.formatMessage({ id: 'login.userName' })}
            value={values.userName}
            onChange={(event) => update('userName', event.target.value)}
            onBlur={() => check('userName')}
          />
        ))}
        {field('passWord', 'login.password', ICONS.lock, (described) => (
          <>
            <input
              {...described}
              ref={refs.passWord}
              className="login-input login-input--with-toggle"
              name="passWord"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder={intl.formatMessage({ id: 'login.password' })}
              value={values.passWord}
              onChange={(event) => update('passWord', event.target.value)}
              onKeyUp={onPasswordKey}
              onKeyDown={onPasswordKey}
              onBlur={() => {
                setCapsLock(false);
                check('passWord');
              }}
            />
            <button
              type="button"
              className="login-toggle"
              aria-label={intl.formatMessage({
                id: showPassword ? 'login.hidePassword' : 'login.showPassword',
              })}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? ICONS.eye : ICONS.eyeOff}
            </button>
          </>
        ))}
        {capsLock && (
          <p className="login-caps" role="status">
            {ICONS.capsLock}
            <span data-testid="caps-lock">
              <FormattedMessage id="login.capsLock" />
            </span>
          </p>
        )}
        {field(
          'verifyCode',
          'login.verifyCode',
          ICONS.shield,
          (described) => (
            <input
              {...described}
              ref={refs.verifyCode}
              className="login-input"
              name="verifyCode"
              autoComplete="off"
              maxLength={5}
              placeholder={intl.formatMessage({ id: 'login.verifyCode' })}
              value={values.verifyCode}
              onChange={(event) => update('verifyCode', event.target.value)}
              onBlur={() => check('verifyCode')}
            />
          ),
          <button
            type="button"
            className="login-code"
            onClick={refreshCode}
            aria-label={intl.formatMessage({ id: 'login.verifyCodeImage' })}
            data-testid="verify-code-image"
          >
            <img src={codeUrl} alt="" width={128} height={48} />
          </button>,
        )}
        <button
          type="submit"
          className="login-submit"
          aria-busy={loading}
          disabled={loading}
          data-testid="login-submit"
        >
          <FormattedMessage id="login.submit" />
        </button>
        {subAccount && (
          <a className="login-link" href="/login">
            {ICONS.key}
            <FormattedMessage id="login.mainLogin" />
          </a>
        )}
      </form>
    </main>
  );
}
