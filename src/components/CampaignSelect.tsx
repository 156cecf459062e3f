// A report's campaign filter: a campaign, or the option that counts all work (`allLabel`). Hidden
// while there is no campaign to choose.
interface CampaignSelectProps {
  campaigns: readonly { id: number; name: string }[];
  /** The chosen campaign's id, or null for all work. */
  value: number | null;
  allLabel: string;
  onChange: (campaign: number | null) => void;
}

export function CampaignSelect({ campaigns, value, allLabel, onChange }: CampaignSelectProps) {
  if (campaigns.length === 0) return null;
  return (
    <label>
      Campaign
      <select value={value ?? ""} onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}>
        <option value="">{allLabel}</option>
        {campaigns.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
