/**
 * One select of a console filter form (a plain GET form): its name is the query parameter, the
 * first option (empty value) means "any", the current filter is preselected.
 */
export function FilterSelect({
  label,
  name,
  value,
  anyLabel,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ''}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
