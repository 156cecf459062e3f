// The members a campaign targets: the members list's own filter controls and search, its practices
// chosen by checkboxes (a campaign often spans several), and the live count of the members they
// match now, with the server's warning when that is nobody (allowed: saving is not refused).
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { ALL, type MemberFilters, type RegionFilter } from "../../machines/members/members.filters";
import type { CampaignEditorActor } from "../../machines/campaigns/campaignEditor.machine";
import type { CampaignsActor } from "../../machines/campaigns/campaigns.machine";
import * as campaigns from "../../machines/campaigns/campaigns.selectors";
import { Field, FilterSelect } from "../members/MembersFilters";
import * as choices from "../members/filterOptions";
import { PracticeChoice } from "../staff/PracticeChoice";
import { formatCount } from "../../lib/format";

interface TargetsProps {
  page: CampaignsActor;
  editor: CampaignEditorActor;
  disabled: boolean;
  problem: string | undefined;
}

export function CampaignTargetsFields({ page, editor, disabled, problem }: TargetsProps) {
  const { filters, search, region } = useSelector(editor, campaigns.selectDraft);
  const practices = useSelector(page, campaigns.selectPractices);
  const dentists = useSelector(page, campaigns.selectDentists);
  const regions = useSelector(page, campaigns.selectRegions);
  const dentistChoices = useMemo(() => choices.dentistChoices(dentists), [dentists]);
  const change = (change: Partial<MemberFilters>) => editor.send({ type: "editor.filter.change", change });
  const select = (label: string, value: string, options: choices.FilterOption[], onChange: (value: string) => void) => (
    <FilterSelect label={label} value={value} options={options} disabled={disabled} onChange={onChange} />
  );
  const regionChoices = [{ value: ALL, label: "All regions" }, ...regions.map((name) => ({ value: name, label: name }))];
  return (
    <fieldset className="dialog-fieldset campaign-targets" aria-invalid={problem ? true : undefined}>
      <legend>Members it targets</legend>
      <div className="filters campaign-targets__filters">
        {select("Brand", filters.brand, choices.brandChoices(filters.brand), (brand) => change({ brand }))}
        {select("Region", region, regionChoices, (value) => editor.send({ type: "editor.region.change", region: value as RegionFilter }))}
        {select("Status", filters.status, choices.statusChoices(filters.status), (status) => change({ status }))}
        {select("Planned treatment", filters.priority, choices.PRIORITY_CHOICES, (priority) => change({ priority: priority as MemberFilters["priority"] }))}
        {select("Result", filters.result, choices.RESULT_CHOICES, (result) => change({ result: result as MemberFilters["result"] }))}
        {select("MCO", filters.mco, choices.mcoChoices(campaigns.mcosForBrand(filters.brand)), (mco) => change({ mco }))}
        {select("Dentist", filters.dentist, dentistChoices, (dentist) => change({ dentist }))}
        <Field label="Search">
          {(id) => (
            <input
              id={id}
              type="search"
              value={search}
              maxLength={100}
              disabled={disabled}
              placeholder="Name, subscriber id, patient number, phone, birth date"
              onChange={(event) => editor.send({ type: "editor.search.change", text: event.target.value })}
            />
          )}
        </Field>
      </div>
      <PracticeChoice
        legend="Practices"
        noneChosen="None chosen: every practice of the brand and region."
        practices={campaigns.practicesForBrand(practices, filters.brand)}
        chosen={filters.practiceIds}
        disabled={disabled}
        invalid={false}
        onToggle={(id) => editor.send({ type: "editor.practice.toggle", id })}
      />
      <TargetCount editor={editor} />
      {problem ? <p className="field-problem">Targets {problem}</p> : null}
    </fieldset>
  );
}

function TargetCount({ editor }: { editor: CampaignEditorActor }) {
  const { state, count, warning } = useSelector(editor, campaigns.selectTargetCount);
  if (state === "failed") return <p className="campaign-targets__count muted">The members these targets match could not be counted.</p>;
  if (state === "counting" || count === null) {
    return (
      <p className="campaign-targets__count muted" role="status" aria-busy="true">
        Counting the members these targets match…
      </p>
    );
  }
  return (
    <p className={`campaign-targets__count${warning ? " alert alert--warning" : ""}`} role="status">
      <strong>{formatCount(count)}</strong> {count === 1 ? "member matches" : "members match"} these targets now.{warning ? ` ${warning}` : null}
    </p>
  );
}
