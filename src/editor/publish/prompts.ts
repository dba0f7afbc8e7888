import * as vscode from 'vscode';
import { parsePageReference } from '../../core/publish/pageAddress';
import { editorAddressMessages } from '../messages/addressMessages';
import { completeTarget, type PartialTarget, type PublishTarget } from '../../core/publish/target';
import { neutralise } from '../../core/text/neutralise';
import { editorPublishMessages } from '../messages/publishMessages';
import { onDemand } from '../onDemandLoader';
import { isMove, MultiStepInput, type InputStep, type Move } from './multiStepInput';
import type { RecentSpace, RecentTargetsView } from './recentTargets';
import { spaceItems, type SpaceItem } from './spaceItems';

const TITLE = vscode.l10n.t('Publish to Wiki');
const STEP_ORDER = ['spaceId', 'parentId', 'pageTitle', 'overwrite'] as const;
type StepName = (typeof STEP_ORDER)[number];

/** Where many files go: the target without the title, which each file gives itself. */
export type PlanDefaults = Omit<PublishTarget, 'pageTitle'>;

/**
 * Asks for whatever the target still lacks, in the order space, parent, title, create-or-update, with a Back
 * button on every step after the first. Resolves undefined when the user cancels (Escape): a quiet cancel.
 * `defaults` prefill the steps (Change Target passes the file's last target).
 */
export async function askForMissing(
  known: PartialTarget, suggestedTitle: string, recent: RecentTargetsView, defaults: PartialTarget = {}, title: string = TITLE,
): Promise<PublishTarget | undefined> {
  // `title`: the command that asks (Compare with Wiki Page asks for the page to compare with, and must not read as a publish).
  const flow = new TargetFlow({ title, known, defaults, suggestedTitle, recent: recent.spaces(), overwrite: SINGLE_FILE_CHOICES });
  const answered = await flow.run(STEP_ORDER.filter((step) => known[step] === undefined));
  return answered && completeTarget(answered);
}

/**
 * For publishing many files (issue 10): asks once for the space, the parent and create-or-update; no title.
 * `asking` is what the answers are for: the files that do not name their page (by path), or how many pages a tree makes.
 */
export async function askPlanDefaults(known: Partial<PlanDefaults>, recent: RecentTargetsView, defaults: Partial<PlanDefaults> = {}, asking?: readonly string[] | number): Promise<PlanDefaults | undefined> {
  const title = askingTitle(asking);
  const flow = new TargetFlow({ title, known, defaults, suggestedTitle: '', recent: recent.spaces(), overwrite: MANY_FILES_CHOICES });
  const answered = await flow.run(STEP_ORDER.filter((step) => step !== 'pageTitle' && known[step] === undefined));
  const { spaceId, parentId, overwrite } = answered ?? {};
  return spaceId === undefined || parentId === undefined || overwrite === undefined ? undefined : { spaceId, parentId, overwrite };
}

/**
 * The prompt counts the pages it asks for (each file a page; a tree's folders too), never the items selected (one
 * folder of 12 files is 12 pages): one file by name (the run may hold more that name their own pages).
 */
function askingTitle(asking: readonly string[] | number | undefined): string {
  const count = typeof asking === 'number' ? asking : asking?.length;
  if (count === undefined) return TITLE;
  const only = typeof asking === 'number' ? undefined : asking?.[0];
  if (count === 1 && only !== undefined) return neutralise(vscode.l10n.t('Publish "{0}" to Wiki', only.slice(only.lastIndexOf('/') + 1)));
  return count === 1 ? vscode.l10n.t('Publish 1 Page to Wiki') : vscode.l10n.t('Publish {0} Pages to Wiki', count);
}

interface OverwriteChoices {
  placeholder: string;
  createOnly: { label: string; detail: string };
  update: { label: string; detail: string };
}

const SINGLE_FILE_CHOICES: OverwriteChoices = {
  placeholder: vscode.l10n.t('If a page with this title already exists under the parent'),
  createOnly: { label: vscode.l10n.t('Create only'), detail: vscode.l10n.t('Fail if a page with this title already exists under the parent.') },
  update: { label: vscode.l10n.t('Update an existing page with this title'), detail: vscode.l10n.t('Replace the content of that page if it exists; create it otherwise.') },
};

const MANY_FILES_CHOICES: OverwriteChoices = {
  placeholder: vscode.l10n.t('If a page with a file\'s title already exists under the parent'),
  createOnly: { label: vscode.l10n.t('Create only'), detail: vscode.l10n.t('A file whose page already exists under the parent fails; the others are published.') },
  update: { label: vscode.l10n.t('Update existing pages with the same titles'), detail: vscode.l10n.t('Replace the content of those pages; create the others.') },
};

interface FlowSettings {
  title: string;
  known: PartialTarget;
  defaults: PartialTarget;
  suggestedTitle: string;
  recent: readonly RecentSpace[];
  overwrite: OverwriteChoices;
}

/** One run of the prompts. Answers survive Back, so a step shown again opens with the answer given before. */
class TargetFlow {
  private readonly answers: PartialTarget = {};
  private plan: readonly StepName[] = [];
  /** The parent came with a page address pasted into the space box, so its step is skipped going forward. */
  private parentFromAddress = false;

  constructor(private readonly settings: FlowSettings) {}

  /** The known parts with the answers to the steps of `plan`; undefined when the user cancelled. */
  async run(plan: readonly StepName[]): Promise<PartialTarget | undefined> {
    this.plan = plan;
    const first = this.stepAfter(undefined);
    if (first !== 'done' && !(await MultiStepInput.run(first))) return undefined;
    return { ...this.answers, ...definedOnly(this.settings.known) };
  }

  /** The next step still to ask; steps keep their number in the plan, so a skipped one leaves its number out. */
  private stepAfter(current: StepName | undefined): InputStep | 'done' {
    const rest = this.plan.slice(current === undefined ? 0 : this.plan.indexOf(current) + 1);
    const next = rest.find((step) => !(step === 'parentId' && this.parentFromAddress));
    if (next === undefined) return 'done';
    const frame = { title: this.settings.title, step: this.plan.indexOf(next) + 1, totalSteps: this.plan.length };
    switch (next) {
      case 'spaceId': return (input) => this.askSpace(input, frame);
      case 'parentId': return (input) => this.askParent(input, frame);
      case 'pageTitle': return (input) => this.askTitle(input, frame);
      case 'overwrite': return (input) => this.askOverwrite(input, frame);
    }
  }

  private async askSpace(input: MultiStepInput, frame: Frame): Promise<InputStep | 'done' | Move> {
    const parentAsked = this.plan.includes('parentId');
    let value = this.answers.spaceId ?? this.settings.defaults.spaceId ?? '';
    let parentOnly: string | undefined;
    for (;;) {
      const chosen: SpaceItem | Move = await input.showQuickPick<SpaceItem>({
        ...frame,
        value,
        placeholder: parentOnly === undefined ? vscode.l10n.t('Space key or ID, for example DOCS, or a page address') : vscode.l10n.t('Space key or ID of page {0}', parentOnly),
        items: (typed) => spaceItems(typed, this.settings.recent, parentAsked, vscode.l10n, editorAddressMessages),
        accepts: (item) => item.answer !== undefined,
      });
      if (isMove(chosen)) return chosen;
      const { spaceId, parentId } = chosen.answer ?? {};
      if (parentId !== undefined) this.answers.parentId = parentId;
      this.parentFromAddress = parentId !== undefined || (parentOnly !== undefined && spaceId !== undefined);
      if (spaceId !== undefined) {
        this.answers.spaceId = spaceId;
        return this.stepAfter('spaceId');
      }
      // A `?pageId=` address names the parent but no space: the space is still to give, in the same box.
      parentOnly = parentId;
      value = '';
    }
  }

  private async askParent(input: MultiStepInput, frame: Frame): Promise<InputStep | 'done' | Move> {
    const space = this.answers.spaceId ?? this.settings.known.spaceId ?? '';
    const fileDefault = this.settings.defaults.spaceId === space ? this.settings.defaults.parentId : undefined;
    const lastInSpace = this.settings.recent.find((entry) => entry.spaceId === space)?.lastParentId;
    const initial = this.answers.parentId ?? fileDefault ?? lastInSpace;
    const offersLast = this.answers.parentId === undefined && fileDefault === undefined && lastInSpace !== undefined;
    const answer = await input.showInputBox({
      ...frame,
      value: initial ?? '',
      placeholder: vscode.l10n.t('Parent page ID or address, for example 123456'),
      prompt: [
        vscode.l10n.t('The parent page: its ID (the digits in its address) or its address copied from the browser.'),
        ...(offersLast ? [vscode.l10n.t('Prefilled with the parent last used in space {0}.', neutralise(space))] : []),
      ].join(' '),
      validate: (text) => validateParent(text, space, this.spaceAnsweredHere()),
    });
    if (isMove(answer)) return answer;
    const parsed = parsePageReference(answer, editorAddressMessages);
    if (!parsed.ok) return 'cancel'; // validate refused it already; Enter cannot get here
    this.answers.parentId = parsed.reference.pageId;
    // A parent's address from another space moves the page there (the prompt said so while the address was in it).
    const movedTo = parsed.reference.spaceKey;
    if (movedTo !== undefined && this.spaceAnsweredHere() && spaceDiffers(movedTo, space)) this.answers.spaceId = movedTo;
    return this.stepAfter('parentId');
  }

  /** The space was answered in this run of the prompts (not fixed by front matter or the caller): a parent may change it. */
  private spaceAnsweredHere(): boolean {
    return this.plan.includes('spaceId') && this.answers.spaceId !== undefined;
  }

  private async askTitle(input: MultiStepInput, frame: Frame): Promise<InputStep | 'done' | Move> {
    const answer = await input.showInputBox({
      ...frame,
      value: this.answers.pageTitle ?? this.settings.defaults.pageTitle ?? this.settings.suggestedTitle,
      prompt: vscode.l10n.t('The title of the wiki page. A page with the same title under the same parent is the same page.'),
      validate: titleProblem,
    });
    if (isMove(answer)) return answer;
    this.answers.pageTitle = answer.trim();
    return this.stepAfter('pageTitle');
  }

  private async askOverwrite(input: MultiStepInput, frame: Frame): Promise<InputStep | 'done' | Move> {
    const { createOnly, update, placeholder } = this.settings.overwrite;
    const previous = this.answers.overwrite ?? this.settings.defaults.overwrite;
    const items = [{ ...createOnly, overwrite: false }, { ...update, overwrite: true }];
    const chosen = await input.showQuickPick({
      ...frame,
      placeholder,
      items: () => items,
      active: (shown) => shown.find((item) => item.overwrite === previous),
    });
    if (isMove(chosen)) return chosen;
    this.answers.overwrite = chosen.overwrite;
    return this.stepAfter('overwrite');
  }
}

/**
 * Why a typed title cannot be the page's, said as it is typed: empty, or refused by the core's own rule (checkTitle: a
 * lone surrogate, a control character), which the publish would otherwise say only after the prompt closed.
 */
function titleProblem(text: string): vscode.InputBoxValidationMessage | undefined {
  const title = text.trim();
  if (!title) return { message: vscode.l10n.t('The page title cannot be empty.'), severity: vscode.InputBoxValidationSeverity.Error };
  const refused = onDemand().checkTitle(title, 'given', editorPublishMessages);
  return refused ? { message: neutralise(refused.message), severity: vscode.InputBoxValidationSeverity.Error } : undefined;
}

interface Frame {
  title: string;
  step: number;
  totalSteps: number;
}

function validateParent(text: string, space: string, spaceSwitches: boolean): vscode.InputBoxValidationMessage | undefined {
  const parsed = parsePageReference(text, editorAddressMessages);
  if (!parsed.ok) return { message: parsed.reason, severity: vscode.InputBoxValidationSeverity.Error };
  const { pageId, spaceKey } = parsed.reference;
  if (spaceKey !== undefined && spaceDiffers(spaceKey, space)) {
    const message = spaceSwitches
      ? vscode.l10n.t('Page {0} is in space {1}: the page will be published to space {1}, not {2}.', pageId, neutralise(spaceKey), neutralise(space))
      : vscode.l10n.t('Page {0} is in space {1}, not {2}: the wiki will not find it as a parent there.', pageId, neutralise(spaceKey), neutralise(space));
    return { message, severity: vscode.InputBoxValidationSeverity.Warning };
  }
  if (text.trim() !== pageId) return { message: vscode.l10n.t('Page ID {0}, taken from the address.', pageId), severity: vscode.InputBoxValidationSeverity.Info };
  return undefined;
}

/** Whether an address's space key names another space than the one given; a space given by its ID cannot be compared. */
function spaceDiffers(spaceKey: string, space: string): boolean {
  return space !== '' && !/^\d+$/.test(space) && spaceKey !== space;
}

function definedOnly(target: PartialTarget): PartialTarget {
  return Object.fromEntries(Object.entries(target).filter(([, value]) => value !== undefined));
}
