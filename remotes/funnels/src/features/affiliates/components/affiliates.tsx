import { useState } from 'react';
import { apiError, useRemoteLocation, useTrack, useTransport } from '@companion/remote-kit';
import { Button, TextField } from '@companion/ui';
import { registerAffiliate } from '../api/register-affiliate.ts';
import * as styles from './affiliates.css.ts';

const SOURCES = [
  'TikTok',
  'Instagram',
  'YouTube',
  'X (Twitter)',
  'Reddit',
  'Website or blog',
  'Paid ads',
  'Other',
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'name' | 'email' | 'website';

/** `/affiliates`: the partner programme and its sign-up (`POST event/affiliate-registration`). */
export function Affiliates() {
  const transport = useTransport();
  const track = useTrack();
  const { search } = useRemoteLocation();
  const [values, setValues] = useState({ name: '', email: '', website: '', source: SOURCES[0]! });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) found.name = 'Tell us your name.';
    if (!EMAIL.test(values.email.trim())) found.email = 'Enter a valid e-mail address.';
    if (values.website.trim() && !/^https?:\/\/\S+\.\S+/.test(values.website.trim()))
      found.website = 'Enter a full link, starting with https://';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState('sending');
    const clickId = new URLSearchParams(search).get('aff_click_id');
    try {
      await registerAffiliate(transport, {
        name: values.name.trim(),
        email: values.email.trim(),
        source: values.source,
        ...(values.website.trim() ? { website: values.website.trim() } : {}),
        ...(clickId ? { clickId } : {}),
      });
      track('affiliate_registered', { source: values.source });
      setState('sent');
    } catch (error) {
      const field = apiError(error).field;
      if (field === 'name' || field === 'email' || field === 'website')
        setErrors({ [field]: 'Please check this field.' });
      setState('failed');
    }
  };

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <div className={styles.page} data-testid="affiliates">
      <div className={styles.layout}>
        <section className={styles.intro} aria-labelledby="affiliates-title">
          <h1 id="affiliates-title" className={styles.title}>
            Earn with the AI companion everyone is talking about
          </h1>
          <p className={styles.lead}>
            Share your link, and earn a share of every subscription and token pack your audience buys.
            Real-time stats, monthly payouts, ready-made quizzes and landings for every traffic source.
          </p>
          <div className={styles.stats}>
            <div className={styles.stat}>
              <span className={styles.statValue}>40%</span>
              <span className={styles.statLabel}>revenue share</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>25+</span>
              <span className={styles.statLabel}>quiz funnels</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>30 d</span>
              <span className={styles.statLabel}>cookie window</span>
            </div>
          </div>
        </section>
        {state === 'sent' ? (
          <section className={styles.form} role="status">
            <h2 className={styles.formTitle}>Thank you, {values.name.trim()}!</h2>
            <p className={styles.lead}>
              We will e-mail {values.email.trim()} within two business days with your partner link.
            </p>
          </section>
        ) : (
          <form
            className={styles.form}
            noValidate
            aria-labelledby="affiliates-form-title"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <h2 id="affiliates-form-title" className={styles.formTitle}>
              Become a partner
            </h2>
            <TextField
              label="Your name"
              value={values.name}
              onChange={set('name')}
              error={errors.name ?? null}
              autoComplete="name"
            />
            <TextField
              label="E-mail"
              type="email"
              value={values.email}
              onChange={set('email')}
              error={errors.email ?? null}
              autoComplete="email"
            />
            <TextField
              label="Website or channel (optional)"
              value={values.website}
              onChange={set('website')}
              error={errors.website ?? null}
              placeholder="https://"
            />
            <label className={styles.label}>
              Main traffic source
              <select className={styles.select} value={values.source} onChange={set('source')}>
                {SOURCES.map((source) => (
                  <option key={source}>{source}</option>
                ))}
              </select>
            </label>
            {state === 'failed' ? (
              <p role="alert" className={styles.error}>
                We could not send your application. Please try again.
              </p>
            ) : null}
            <Button type="submit" size="lg" fullWidth loading={state === 'sending'}>
              Apply now
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
