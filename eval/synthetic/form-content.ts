// What a filled form says: field labels with values of the kind each label asks for, check-box
// groups, and invoice line items. Labels are fixed English phrases (a form's own wording, with no
// digits so that a label is never mistaken for a value); values are drawn per case.
import type { Rng } from './random.js';
import { phrase } from './words.js';

type ValueKind = 'name' | 'date' | 'id' | 'money' | 'email' | 'phone' | 'address' | 'city' | 'country' | 'postcode' | 'count' | 'status' | 'job' | 'company';

const LABELS: Array<[string, ValueKind]> = [
  ['Full name', 'name'], ['Applicant name', 'name'], ['Name of spouse', 'name'], ['Emergency contact', 'name'], ['Contact person', 'name'], ['Account holder', 'name'],
  ['Date of birth', 'date'], ['Date of application', 'date'], ['Start date', 'date'], ['Expiry date', 'date'], ['Invoice date', 'date'], ['Due date', 'date'], ['Date signed', 'date'],
  ['Passport number', 'id'], ['Tax identification number', 'id'], ['Account number', 'id'], ['Policy number', 'id'], ['Member ID', 'id'], ['Reference', 'id'], ['Customer number', 'id'], ['Case number', 'id'], ['Licence number', 'id'],
  ['Annual income', 'money'], ['Monthly rent', 'money'], ['Amount claimed', 'money'], ['Deposit paid', 'money'],
  ['Email address', 'email'], ['Telephone', 'phone'], ['Mobile phone', 'phone'], ['Daytime phone', 'phone'],
  ['Street address', 'address'], ['Home address', 'address'], ['Mailing address', 'address'],
  ['City', 'city'], ['Place of birth', 'city'], ['Country', 'country'], ['Nationality', 'country'], ['Postal code', 'postcode'], ['ZIP code', 'postcode'],
  ['Number of dependants', 'count'], ['Household size', 'count'], ['Years at address', 'count'],
  ['Marital status', 'status'], ['Occupation', 'job'], ['Employer', 'company'], ['Supplier', 'company'],
];

const FIRST = ['Jane', 'Omar', 'Lucia', 'Kenji', 'Amara', 'Pieter', 'Sofia', 'Rahul', 'Grace', 'Mateo', 'Ingrid', 'Tomasz', 'Aisha', 'Liam', 'Chen', 'Fatima'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Haddad', 'Novak', 'Fischer', 'Kowalski', 'Mendes', 'Brennan', 'Petrov', 'Sato', 'Alvarez', 'Nguyen', 'Weber', 'Dubois'];
const CITIES = ['Springfield', 'Riverton', 'Lakewood', 'Fairview', 'Ashford', 'Greenville', 'Millbrook', 'Oakridge', 'Westport', 'Brookfield'];
const COUNTRIES = ['Canada', 'Ireland', 'Portugal', 'Kenya', 'Japan', 'Norway', 'Chile', 'Poland', 'Austria', 'Ghana'];
const STATUS = ['Married', 'Single', 'Divorced', 'Widowed'];
const JOBS = ['Engineer', 'Teacher', 'Nurse', 'Accountant', 'Electrician', 'Pharmacist', 'Librarian', 'Surveyor'];
const STREETS = ['Maple', 'Harbour', 'Station', 'Church', 'Mill', 'Victoria', 'Orchard', 'Quarry'];
const SUFFIX = ['Street', 'Road', 'Avenue', 'Lane', 'Drive'];
const COMPANY = ['Ltd', 'Inc', 'GmbH', 'LLC'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad2 = (n: number) => String(n).padStart(2, '0');

function date(rng: Rng, style: number): string {
  const [y, m, d] = [rng.int(1950, 2030), rng.int(1, 12), rng.int(1, 28)];
  switch (style) {
    case 0:
      return `${pad2(m)}/${pad2(d)}/${y}`;
    case 1:
      return `${pad2(d)}.${pad2(m)}.${y}`;
    case 2:
      return `${y}-${pad2(m)}-${pad2(d)}`;
    default:
      return `${MONTHS[m - 1]} ${d}, ${y}`;
  }
}

function money(rng: Rng): string {
  const n = rng.int(10, 99999);
  const s = n >= 1000 ? `${Math.floor(n / 1000)},${String(n % 1000).padStart(3, '0')}` : String(n);
  return `${rng.pick(['$', '€', '£'])}${s}.${pad2(rng.int(0, 99))}`;
}

function value(rng: Rng, kind: ValueKind, dateStyle: number): string {
  switch (kind) {
    case 'name':
      return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    case 'date':
      return date(rng, dateStyle);
    case 'id':
      return rng.pick([
        () => `${rng.int(100, 999)}-${rng.int(10, 99)}-${rng.int(1000, 9999)}`,
        () => `${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(1000000, 9999999)}`,
        () => String(rng.int(10000000, 99999999)),
      ])();
    case 'money':
      return money(rng);
    case 'email':
      return `${rng.pick(FIRST)}.${rng.pick(LAST)}@example.org`.toLowerCase();
    case 'phone':
      return `(${rng.int(200, 999)}) ${rng.int(200, 999)}-${rng.int(1000, 9999)}`;
    case 'address':
      return `${rng.int(1, 2999)} ${rng.pick(STREETS)} ${rng.pick(SUFFIX)}`;
    case 'city':
      return rng.pick(CITIES);
    case 'country':
      return rng.pick(COUNTRIES);
    case 'postcode':
      return String(rng.int(10000, 99999));
    case 'count':
      return String(rng.int(0, 12));
    case 'status':
      return rng.pick(STATUS);
    case 'job':
      return rng.pick(JOBS);
    case 'company':
      return `${rng.pick(LAST)} ${rng.pick(['Traders', 'Holdings', 'Logistics', 'Supplies'])} ${rng.pick(COMPANY)}`;
  }
}

export interface FieldText {
  label: string;
  value: string;
}

/** Draws fields whose labels are not yet in `used` (one form asks each thing once). */
export class FormContent {
  private readonly used = new Set<string>();
  private readonly dateStyle: number;

  constructor(private readonly rng: Rng) {
    this.dateStyle = rng.int(0, 3);
  }

  fields(n: number): FieldText[] {
    const free = LABELS.filter(([l]) => !this.used.has(l));
    const out: FieldText[] = [];
    for (let i = 0; i < n && free.length > 0; i++) {
      const [label, kind] = free.splice(this.rng.int(0, free.length - 1), 1)[0];
      this.used.add(label);
      out.push({ label, value: value(this.rng, kind, this.dateStyle) });
    }
    return out;
  }

  /** A field of a given label (totals of an invoice), value in money. */
  moneyField(label: string): FieldText {
    this.used.add(label);
    return { label, value: money(this.rng) };
  }

  /** A check-box group: its question and option labels not used before on the form. */
  checkGroup(): { question: string; options: string[] } | null {
    const free = CHECK_GROUPS.filter((g) => !g.options.some((o) => this.used.has(o)));
    if (free.length === 0) return null;
    const g = this.rng.pick(free);
    for (const o of g.options) this.used.add(o);
    const n = this.rng.int(Math.min(2, g.options.length), g.options.length);
    return { question: g.question, options: g.options.slice(0, n) };
  }

  /** Invoice line items: description, quantity, unit price, amount. */
  lineItems(rows: number): string[][] {
    return Array.from({ length: rows }, () => {
      const qty = this.rng.int(1, 40);
      const cents = this.rng.int(100, 99999);
      const amount = qty * cents;
      const fmt = (c: number) => `${Math.floor(c / 100)}.${pad2(c % 100)}`;
      return [phrase(this.rng, 1, 4), String(qty), fmt(cents), fmt(amount)];
    });
  }
}

const CHECK_GROUPS: Array<{ question: string; options: string[] }> = [
  { question: 'Employment status', options: ['Employed', 'Self employed', 'Unemployed', 'Retired', 'Student'] },
  { question: 'Payment method', options: ['Cash', 'Cheque', 'Credit card', 'Bank transfer'] },
  { question: 'Do you hold a current licence?', options: ['Yes', 'No'] },
  { question: 'Preferred contact', options: ['By post', 'By telephone', 'By email'] },
  { question: 'Type of account', options: ['Personal', 'Joint', 'Business'] },
  { question: 'Residence', options: ['Owner occupied', 'Rented', 'Living with family'] },
  { question: 'Title', options: ['Mr', 'Mrs', 'Ms', 'Dr'] },
];
