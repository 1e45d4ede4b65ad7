import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../cx.ts';
import { Spinner } from '../spinner/spinner.tsx';
import * as styles from './button.css.ts';

/** Visual weight of a button. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Button height and padding. */
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonOwnProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the width, blocks activation and sets `aria-busy`. */
  loading?: boolean;
  fullWidth?: boolean;
  children: ReactNode;
}

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof ButtonOwnProps>;
type NativeAnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonOwnProps | 'href'>;

/** A `<button>`. */
interface ButtonAsButtonProps extends ButtonOwnProps, NativeButtonProps {
  href?: undefined;
  ref?: Ref<HTMLButtonElement>;
}

/** A link styled as a button: rendered as `<a>` when `href` is given. */
interface ButtonAsLinkProps extends ButtonOwnProps, NativeAnchorProps {
  href: string;
  /** A disabled link keeps its role but loses its `href` and ignores clicks. */
  disabled?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Props of {@link Button}. */
export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

/** The app's button: primary (accent gradient), secondary, ghost or danger; an `<a>` when given `href`. */
export function Button(props: ButtonProps) {
  const { variant = 'primary', size = 'md', loading = false, fullWidth = false, className, children } = props;
  const classes = cx(
    styles.base,
    styles.variant[variant],
    styles.size[size],
    fullWidth && styles.fullWidth,
    className,
  );
  const content = <ButtonContent loading={loading}>{children}</ButtonContent>;

  if (isLink(props)) {
    const { variant: _v, size: _s, loading: _l, fullWidth: _f, href, disabled, onClick, ...anchor } = props;
    const inactive = disabled === true || loading;
    return (
      <a
        {...anchor}
        href={inactive ? undefined : href}
        aria-disabled={inactive || undefined}
        aria-busy={loading || undefined}
        className={classes}
        onClick={inactive ? (event) => event.preventDefault() : onClick}
      >
        {content}
      </a>
    );
  }

  const {
    variant: _v,
    size: _s,
    loading: _l,
    fullWidth: _f,
    href: _h,
    type = 'button',
    disabled,
    ...button
  } = props;
  return (
    <button
      {...button}
      type={type}
      disabled={disabled === true || loading}
      aria-busy={loading || undefined}
      className={classes}
    >
      {content}
    </button>
  );
}

/** Props of {@link IconButton}. */
export type IconButtonProps = Omit<ButtonAsButtonProps, 'fullWidth' | 'aria-label'> & {
  /** Required: an icon-only control has no visible text to name it. */
  'aria-label': string;
};

/** A round, icon-only button (close, menu, send). */
export function IconButton({ size = 'md', variant = 'ghost', className, ...rest }: IconButtonProps) {
  return <Button {...rest} variant={variant} size={size} className={cx(styles.iconOnly[size], className)} />;
}

function ButtonContent({ loading, children }: { loading: boolean; children: ReactNode }) {
  if (!loading) return children;
  return (
    <>
      <span className={styles.labelHidden}>{children}</span>
      <span className={styles.spinnerSlot}>
        <Spinner size="sm" label={null} />
      </span>
    </>
  );
}

function isLink(props: ButtonProps): props is ButtonAsLinkProps {
  return typeof props.href === 'string';
}
