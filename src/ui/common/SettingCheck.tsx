import { useStore } from 'zustand';
import { settingsStore, type UiSettings } from '../../state/settings';

type BooleanSetting = { [K in keyof UiSettings]: UiSettings[K] extends boolean ? K : never }[keyof UiSettings];

/** A checkbox bound to one of the page's boolean settings (kept in local storage). */
export function SettingCheck({
  setting,
  label,
  className,
}: {
  setting: BooleanSetting;
  label: string;
  className?: string;
}) {
  const on = useStore(settingsStore, (s) => s[setting]);
  return (
    <label className={`check${className ? ` ${className}` : ''}`}>
      <input type="checkbox" checked={on} onChange={(e) => settingsStore.setState({ [setting]: e.target.checked })} />
      {label}
    </label>
  );
}
