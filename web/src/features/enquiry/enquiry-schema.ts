/**
 * The forms' yup schemas, derived field by field from the enquiry contract: a value is checked
 * exactly as it will be stored (trimmed, phone normalised), so the form accepts precisely what the
 * Firestore rules accept.
 */
import {
  checkField,
  ENQUIRY_FIELDS,
  fieldMessage,
  POPUP_ENQUIRY_FIELDS,
  prepareInput,
  type FieldRule,
} from '@contract/enquiry/enquiry';
import { phoneMessage } from '@contract/enquiry/countries';
import { INDIA } from '@contract/enquiry/phone';
import { object, string, type ObjectSchema } from 'yup';
import { checkPhone, checkPhoneNow } from './phone-rules';

/** The form's country part: a value beside the phone, stored nowhere. */
export const COUNTRY_FIELD = 'country';

function contractField(field: string, rule: FieldRule) {
  if (field === 'phone') {
    // Checked for the country beside it: at once for India, with its plan for a country abroad.
    return string()
      .default('')
      .test(field, async function keepsContract(value) {
        const country = String((this.parent as Record<string, unknown>)[COUNTRY_FIELD] ?? INDIA);
        const { error } = await checkPhone(value ?? '', country);
        return error === null || this.createError({ message: error });
      });
  }
  return string()
    .default('')
    .test(field, function keepsContract(value) {
      const problem = checkField(rule, prepareInput(field, value ?? ''));
      return problem === null || this.createError({ message: fieldMessage(rule, problem) });
    });
}

/** The fields a visitor types in each variant (the rest of the document is added on submit). */
export const FULL_FORM_FIELDS = [
  'name',
  'companyname',
  'phone',
  'email',
  'city',
  'ordertype',
  'message',
] as const;
export const SHORT_FORM_FIELDS = ['name', 'email', 'phone', 'business'] as const;

export type FullFormField = (typeof FULL_FORM_FIELDS)[number];
export type ShortFormField = (typeof SHORT_FORM_FIELDS)[number];

function schemaFor<F extends string>(
  fields: readonly F[],
  rules: Record<F, FieldRule>,
): ObjectSchema<Record<F, string>> {
  const shape = Object.fromEntries(fields.map((field) => [field, contractField(field, rules[field])]));
  return object(shape) as unknown as ObjectSchema<Record<F, string>>;
}

export const fullFormSchema = schemaFor(FULL_FORM_FIELDS, ENQUIRY_FIELDS);
export const shortFormSchema = schemaFor(SHORT_FORM_FIELDS, POPUP_ENQUIRY_FIELDS);

/**
 * The same checks without yup, for a form's starting state: every field's message at once, so an
 * empty form is known to be invalid before any validation pass runs.
 */
export function contractErrors<F extends string>(
  fields: readonly F[],
  rules: Record<string, FieldRule>,
  values: Partial<Record<F, unknown>>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const rule = rules[field];
    const value = values[field];
    const typed = typeof value === 'string' ? value : '';
    if (field === 'phone') {
      const country = (values as Record<string, unknown>)[COUNTRY_FIELD];
      // A number abroad whose plan has not arrived yet counts as unchecked, so not yet sendable.
      const checked = checkPhoneNow(typed, typeof country === 'string' ? country : INDIA);
      const error = checked ? checked.error : phoneMessage(typeof country === 'string' ? country : INDIA);
      if (error !== null) errors[field] = error;
      continue;
    }
    const problem = rule && checkField(rule, prepareInput(field, typed));
    if (rule && problem) errors[field] = fieldMessage(rule, problem);
  }
  return errors;
}
