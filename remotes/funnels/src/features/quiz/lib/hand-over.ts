import { CHARACTER_DRAFT_KEY, type CharacterDraft, type StoredCharacterDraft } from '@companion/contracts';
import { sessionStore } from '@companion/remote-kit';

// The wizard reads this slot; the funnel only writes it (and never reads another remote's draft back).
const wizardDraft = sessionStore<StoredCharacterDraft>(CHARACTER_DRAFT_KEY, () => null);

/**
 * Hands the quiz's answers to the character wizard (000 §3 draft in session storage): it resumes at its summary
 * with every answer filled in, and sends the visitor back to the first step it still needs.
 */
export function handDraftToWizard(draft: CharacterDraft): void {
  wizardDraft.write({ version: 1, step: 'summary', draft });
}
