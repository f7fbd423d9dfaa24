import { useId, useState } from "react";
import { isSameRhythm, RHYTHM_PRESETS, type RhythmUnit } from "../../../../core/rhythm";
import { Input, Label, Select } from "../../../components/ui/input";

type Value = { interval: number | string; unit: RhythmUnit } | null;

function presetKeyOf(value: Value): string | undefined {
  if (!value) return "none";
  const rhythm = { interval: Number(value.interval), unit: value.unit };
  return RHYTHM_PRESETS.find((p) => isSameRhythm(p.rhythm, rhythm))?.key;
}

// Presets (weekly … yearly), custom every N days or weeks, or no rhythm.
export function RhythmPicker(props: {
  value: Value;
  onChange: (value: Value) => void;
  error?: string;
  label?: string;
  hint?: string;
}) {
  const id = useId();
  const [isCustom, setIsCustom] = useState(() => presetKeyOf(props.value) === undefined);
  const choice = isCustom ? "custom" : (presetKeyOf(props.value) ?? "custom");
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-choice`}>{props.label ?? "Rhythm"}</Label>
      <div className="flex flex-wrap gap-2">
        <Select
          id={`${id}-choice`}
          className="w-auto min-w-44"
          value={choice}
          aria-describedby={`${id}-hint${props.error ? ` ${errorId}` : ""}`}
          onChange={(e) => {
            const key = e.target.value;
            setIsCustom(key === "custom");
            if (key === "none") props.onChange(null);
            else if (key === "custom") props.onChange({ interval: 10, unit: "day" });
            else props.onChange(RHYTHM_PRESETS.find((p) => p.key === key)!.rhythm);
          }}
        >
          <option value="none">No rhythm</option>
          {RHYTHM_PRESETS.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
          <option value="custom">Custom…</option>
        </Select>
        {isCustom && props.value ? (
          <div className="flex items-center gap-2">
            <Label htmlFor={`${id}-interval`} className="text-sm font-normal">
              Every
            </Label>
            <Input
              id={`${id}-interval`}
              type="number"
              inputMode="numeric"
              min={1}
              className="w-20"
              aria-invalid={props.error ? true : undefined}
              aria-describedby={props.error ? errorId : undefined}
              value={props.value.interval}
              onChange={(e) => props.onChange({ ...props.value!, interval: e.target.value })}
            />
            <Label htmlFor={`${id}-unit`} className="sr-only">
              Unit
            </Label>
            <Select
              id={`${id}-unit`}
              className="w-auto"
              value={props.value.unit}
              onChange={(e) =>
                props.onChange({ ...props.value!, unit: e.target.value as RhythmUnit })
              }
            >
              <option value="day">days</option>
              <option value="week">weeks</option>
              <option value="month">months</option>
              <option value="year">years</option>
            </Select>
          </div>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {props.hint ?? "How often you want to be in touch. Logging contact starts the count again."}
      </p>
      {props.error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
