import type { PayeeDetailsValues } from '#src/shared/payee-schemas.ts';
import type { CompanyKey } from './catalog';

// The money's paperwork in the demo (issue 46), on two recruiters of its own so the first demo recruiter's
// figures stay as they are. Zarina was paid more than RM5,000 last year, so Admin › Paperwork lists her;
// Rajesh, a headhunter, more than RM100,000, so he is listed too and marked for section 107D this year, and
// his payment of this year has 2% withheld. Both gave complete details for their tax form. Executive
// searches pay a reward per valid referral far above the catalog's other tasks: that is how one recruiter
// reaches RM100,000 in a year with a dozen referrals. Every name, number and address here is invented.
//
// Last year's dates are days before 1 January of this year in Malaysia time (so they stay in last year
// whatever the day the demo is seeded); this year's are placed by seed-paperwork.ts.

export type PaperworkRecruiterKey = 'zarina' | 'rajesh';

type RecruiterSpec = {
  email: string;
  name: string;
  phone: string;
  locale: string;
  bank: [string, string, string];
  payee: PayeeDetailsValues;
};

export const PAPERWORK_RECRUITERS: Record<PaperworkRecruiterKey, RecruiterSpec> = {
  zarina: {
    email: 'zarina.recruiter@example.com',
    name: 'Zarina binti Abdul Latif',
    phone: '+60173344805',
    locale: 'ms',
    bank: ['Public Bank', 'ZARINA BINTI ABDUL LATIF', '3187654321'],
    payee: {
      fullName: 'ZARINA BINTI ABDUL LATIF',
      idType: 'MYKAD',
      idNumber: '920314105566',
      taxNumber: 'IG31572846020',
      address: {
        line1: 'No. 7, Jalan SS 15/4D',
        line2: null,
        line3: null,
        postcode: '47500',
        city: 'Subang Jaya',
        state: 'SELANGOR',
      },
    },
  },
  rajesh: {
    email: 'rajesh.recruiter@example.com',
    name: 'Rajesh Kumar a/l Muthusamy',
    phone: '+60196677106',
    locale: 'en',
    bank: ['RHB Bank', 'RAJESH KUMAR A/L MUTHUSAMY', '21203400567812'],
    payee: {
      fullName: 'RAJESH KUMAR A/L MUTHUSAMY',
      idType: 'MYKAD',
      idNumber: '850721086123',
      taxNumber: 'IG10293847050',
      address: {
        line1: '18, Jalan Tasik Utama 3',
        line2: 'Taman Tasik Utama',
        line3: null,
        postcode: '31400',
        city: 'Ipoh',
        state: 'PERAK',
      },
    },
  },
};

export type SearchKey = 'headEng' | 'cfo' | 'opsDirector' | 'cto';

/** An executive search, closed once filled; `lastYear` days before 1 January, or null: this year's. */
type SearchSpec = {
  company: CompanyKey;
  title: string;
  salary: [number, number]; // MYR a month, whole ringgit
  reward: number; // MYR, whole ringgit
  quota: number;
  skills: string[];
  languages: string[];
  description: string;
  lastYear: { openedBefore: number; closedBefore: number } | null;
};

export const SEARCHES: Record<SearchKey, SearchSpec> = {
  headEng: {
    company: 'kopi',
    title: 'Head of Engineering (executive search)',
    salary: [25_000, 32_000],
    reward: 6_500,
    quota: 5,
    skills: ['Engineering leadership', 'Distributed systems', 'Hiring', 'Payments'],
    languages: ['en', 'ms'],
    description:
      'Kopi Digital is looking for the leader of its 60 engineers, reporting to the CEO.\n\nYou will set the technical direction of the e-wallet, grow the engineering managers under you and keep the platform reliable as it doubles its users.\n\nWhat we are looking for: twelve years or more building consumer or payment products, five of them leading managers. Confidential search: candidates are presented with their consent only.',
    lastYear: { openedBefore: 200, closedBefore: 100 },
  },
  cfo: {
    company: 'selat',
    title: 'Chief Financial Officer (executive search)',
    salary: [35_000, 45_000],
    reward: 9_000,
    quota: 4,
    skills: ['IFRS / MFRS', 'Treasury', 'Transfer pricing', 'Manufacturing finance'],
    languages: ['en', 'ms'],
    description:
      'Selat Semiconductor needs a CFO to lead finance across its Penang plant and its sales offices in Europe and Japan.\n\nYou will own reporting, treasury, tax and the funding of a new test line, and sit on the management board.\n\nWhat we are looking for: a chartered accountant (MIA, ACCA or CIMA) with fifteen years in manufacturing finance, five as a finance director. Confidential search.',
    lastYear: { openedBefore: 195, closedBefore: 90 },
  },
  opsDirector: {
    company: 'tanjung',
    title: 'Regional Operations Director (executive search)',
    salary: [28_000, 35_000],
    reward: 8_000,
    quota: 5,
    skills: ['Logistics operations', 'Fleet management', 'P&L ownership', 'Warehouse automation'],
    languages: ['en', 'ms', 'zh'],
    description:
      'Tanjung Logistics is looking for the director of its northern region: four warehouses, 250 trucks and the Penang Port operations.\n\nYou will own the region’s results, safety record and customer service, and lead the move to automated sorting.\n\nWhat we are looking for: fifteen years in logistics or supply chain, with a region or a large site under you. Confidential search.',
    lastYear: { openedBefore: 185, closedBefore: 80 },
  },
  cto: {
    company: 'cyberview',
    title: 'Chief Technology Officer (executive search)',
    salary: [38_000, 48_000],
    reward: 9_000,
    quota: 3,
    skills: ['Cloud infrastructure', 'Data centres', 'Security', 'Regulated industries'],
    languages: ['en'],
    description:
      'Cyberview Cloud Services is looking for its CTO, to lead 120 engineers across two data centres and the managed cloud.\n\nYou will set the platform roadmap, keep the banks and agencies we host compliant and secure, and lead our next Tier IV facility.\n\nWhat we are looking for: fifteen years in infrastructure or cloud, a record of running services for regulated customers, and a team of teams behind you. Confidential search.',
    lastYear: null,
  },
};

type TalentSpec = {
  recruiter: PaperworkRecruiterKey;
  name: string;
  email: string;
  phone: string; // E.164, +60
  languages: string[];
  education: 'Degree' | 'Master';
  location: string;
  salary: number; // expected, MYR a month
  years: number;
  position: string;
  skills: string[];
  summary: string;
};

export const SEARCH_TALENTS: Record<string, TalentSpec> = {
  goh: {
    recruiter: 'rajesh',
    name: 'Goh Wei Jie',
    email: 'goh.weijie@example.com',
    phone: '+60125550301',
    languages: ['en', 'zh', 'ms'],
    education: 'Master',
    location: 'Kuala Lumpur',
    salary: 30_000,
    years: 14,
    position: 'Director of Engineering at a regional e-commerce platform',
    skills: ['Engineering leadership', 'Distributed systems', 'Go', 'Kubernetes'],
    summary: 'Leads 45 engineers in four teams; took checkout from one data centre to three regions.',
  },
  shalini: {
    recruiter: 'rajesh',
    name: 'Shalini Ramasamy',
    email: 'shalini.ramasamy@example.com',
    phone: '+60125550302',
    languages: ['en', 'ta', 'ms'],
    education: 'Master',
    location: 'Petaling Jaya',
    salary: 29_000,
    years: 16,
    position: 'Head of Digital Engineering at a telecommunications group',
    skills: ['Engineering leadership', 'Payments', 'Hiring', 'Agile delivery'],
    summary: 'Built the group’s mobile wallet team from 8 to 70 people; chairs its architecture board.',
  },
  hafiz: {
    recruiter: 'rajesh',
    name: 'Muhammad Hafiz bin Othman',
    email: 'hafiz.othman@example.com',
    phone: '+60125550303',
    languages: ['ms', 'en'],
    education: 'Degree',
    location: 'Cyberjaya',
    salary: 26_000,
    years: 12,
    position: 'Principal Engineer at a digital bank',
    skills: ['Distributed systems', 'Java', 'Payments', 'Mentoring'],
    summary: 'Designed the core ledger of a digital bank licensed in 2022; leads its platform guild.',
  },
  chloe: {
    recruiter: 'rajesh',
    name: 'Chloe Tan Hui Min',
    email: 'chloe.tan@example.com',
    phone: '+60125550304',
    languages: ['en', 'zh'],
    education: 'Degree',
    location: 'Kuala Lumpur',
    salary: 28_000,
    years: 13,
    position: 'VP Engineering at a B2B software start-up',
    skills: ['Engineering leadership', 'SaaS', 'Hiring', 'TypeScript'],
    summary: 'Scaled a SaaS product from seed to Series C; runs engineering, QA and site reliability.',
  },
  deepa: {
    recruiter: 'zarina',
    name: 'Deepa Menon',
    email: 'deepa.menon@example.com',
    phone: '+60125550305',
    languages: ['en', 'ms', 'ta'],
    education: 'Master',
    location: 'Shah Alam',
    salary: 27_000,
    years: 11,
    position: 'Engineering Manager at an insurer',
    skills: ['Engineering leadership', 'Cloud migration', 'Payments'],
    summary: 'Manages three teams moving an insurer’s policy and claims systems to the cloud.',
  },
  lim: {
    recruiter: 'rajesh',
    name: 'Lim Siew Ling',
    email: 'lim.siewling@example.com',
    phone: '+60125550306',
    languages: ['en', 'zh', 'ms'],
    education: 'Degree',
    location: 'George Town, Penang',
    salary: 40_000,
    years: 18,
    position: 'Finance Director at a contract electronics manufacturer',
    skills: ['IFRS / MFRS', 'Treasury', 'Manufacturing finance', 'ACCA'],
    summary: 'Runs finance for three plants with RM1.2 billion in sales; led the group’s listing on Bursa.',
  },
  azman: {
    recruiter: 'rajesh',
    name: 'Azman bin Abdullah',
    email: 'azman.abdullah@example.com',
    phone: '+60125550307',
    languages: ['ms', 'en'],
    education: 'Master',
    location: 'Kuala Lumpur',
    salary: 38_000,
    years: 17,
    position: 'Group Financial Controller at a plantation group',
    skills: ['IFRS / MFRS', 'Transfer pricing', 'Audit', 'MIA'],
    summary: 'Controls reporting for 14 companies in three countries; cut the monthly close to five days.',
  },
  vincent: {
    recruiter: 'rajesh',
    name: 'Vincent Yap Chee Meng',
    email: 'vincent.yap@example.com',
    phone: '+60125550308',
    languages: ['en', 'zh'],
    education: 'Degree',
    location: 'Bayan Lepas, Penang',
    salary: 45_000,
    years: 20,
    position: 'CFO of a listed electronics company',
    skills: ['Treasury', 'Investor relations', 'Manufacturing finance', 'CIMA'],
    summary: 'CFO for six years of a listed company; raised RM300 million for two new plants.',
  },
  azlina: {
    recruiter: 'rajesh',
    name: 'Nor Azlina binti Rahim',
    email: 'azlina.rahim@example.com',
    phone: '+60125550309',
    languages: ['ms', 'en'],
    education: 'Degree',
    location: 'Seremban',
    salary: 36_000,
    years: 15,
    position: 'Head of Finance at an automotive parts maker',
    skills: ['Manufacturing finance', 'Costing', 'SAP', 'ACCA'],
    summary: 'Heads finance for a parts maker supplying three carmakers; set up its costing system.',
  },
  suresh: {
    recruiter: 'rajesh',
    name: 'Suresh Pillai',
    email: 'suresh.pillai@example.com',
    phone: '+60125550310',
    languages: ['en', 'ms', 'ta'],
    education: 'Degree',
    location: 'Butterworth, Penang',
    salary: 32_000,
    years: 19,
    position: 'Head of Operations at a third-party logistics provider',
    skills: ['Logistics operations', 'P&L ownership', 'Safety', 'Lean'],
    summary: 'Runs 300 trucks and six warehouses in the north; lowered lost-time accidents by half.',
  },
  wong: {
    recruiter: 'rajesh',
    name: 'Wong Kar Fai',
    email: 'wong.karfai@example.com',
    phone: '+60125550311',
    languages: ['en', 'zh', 'ms'],
    education: 'Degree',
    location: 'Klang',
    salary: 30_000,
    years: 16,
    position: 'Regional Warehouse Director at an e-commerce fulfilment company',
    skills: ['Warehouse automation', 'Logistics operations', 'WMS'],
    summary: 'Opened two automated fulfilment centres at Port Klang handling 150,000 parcels a day.',
  },
  khairul: {
    recruiter: 'rajesh',
    name: 'Khairul Anuar bin Mokhtar',
    email: 'khairul.mokhtar@example.com',
    phone: '+60125550312',
    languages: ['ms', 'en'],
    education: 'Degree',
    location: 'Sungai Petani',
    salary: 28_000,
    years: 15,
    position: 'Fleet Operations Director at a haulage company',
    skills: ['Fleet management', 'Telematics', 'Cross-border trucking'],
    summary: 'Directs a fleet of 400 trucks between Malaysia and southern Thailand.',
  },
  jessica: {
    recruiter: 'rajesh',
    name: 'Jessica Lau Mei Yee',
    email: 'jessica.lau@example.com',
    phone: '+60125550313',
    languages: ['en', 'zh', 'ms'],
    education: 'Master',
    location: 'Petaling Jaya',
    salary: 31_000,
    years: 14,
    position: 'Supply Chain Director at a consumer goods company',
    skills: ['Supply chain planning', 'P&L ownership', 'S&OP'],
    summary: 'Leads planning, warehousing and distribution for a consumer goods maker across Malaysia.',
  },
  arif: {
    recruiter: 'rajesh',
    name: 'Arif Zulkarnain bin Roslan',
    email: 'arif.roslan@example.com',
    phone: '+60125550314',
    languages: ['ms', 'en'],
    education: 'Master',
    location: 'George Town, Penang',
    salary: 33_000,
    years: 17,
    position: 'Operations Director at a port terminal operator',
    skills: ['Port operations', 'Logistics operations', 'Safety', 'P&L ownership'],
    summary: 'Runs a container terminal of 1.5 million TEU a year; led its move to remote-controlled cranes.',
  },
  daniel: {
    recruiter: 'rajesh',
    name: 'Daniel Chan Zhi Hao',
    email: 'daniel.chan@example.com',
    phone: '+60125550315',
    languages: ['en', 'zh'],
    education: 'Master',
    location: 'Kuala Lumpur',
    salary: 45_000,
    years: 18,
    position: 'CTO of a payments company',
    skills: ['Cloud infrastructure', 'Security', 'Regulated industries', 'PCI DSS'],
    summary: 'CTO of a payment gateway regulated by Bank Negara; took it to two active data centres.',
  },
  mariam: {
    recruiter: 'rajesh',
    name: 'Mariam binti Hassan',
    email: 'mariam.hassan@example.com',
    phone: '+60125550316',
    languages: ['ms', 'en'],
    education: 'Master',
    location: 'Putrajaya',
    salary: 42_000,
    years: 16,
    position: 'Head of Cloud Platform at a bank',
    skills: ['Cloud infrastructure', 'Data centres', 'Security', 'Regulated industries'],
    summary: 'Built a bank’s private cloud and its RMiT compliance programme; leads 80 engineers.',
  },
};

export type SearchPaymentKey = 'rajesh1' | 'rajesh2' | 'rajesh3' | 'zarina1';

/** Last year's payments, paid in full (nothing withheld: no mark that year). */
export const SEARCH_PAYMENTS: Record<
  SearchPaymentKey,
  { recruiter: PaperworkRecruiterKey; createdBefore: number; paidBefore: number; reference: string }
> = {
  rajesh1: { recruiter: 'rajesh', createdBefore: 150, paidBefore: 147, reference: 'MBB-IBG-0002104' },
  zarina1: { recruiter: 'zarina', createdBefore: 150, paidBefore: 146, reference: 'MBB-IBG-0002105' },
  rajesh2: { recruiter: 'rajesh', createdBefore: 100, paidBefore: 97, reference: 'MBB-IBG-0002391' },
  rajesh3: { recruiter: 'rajesh', createdBefore: 50, paidBefore: 46, reference: 'MBB-IBG-0002688' },
};

/**
 * A referral to an executive search, rewarded (consent and intent to apply confirmed). Last year's:
 * `referredBefore` and `approvedBefore` days before 1 January, and the payment that paid it. This year's
 * (`thisYear`): placed by the seed, paid by a payment made as an admin makes one, with 2% withheld.
 */
type SearchReferral = {
  talent: keyof typeof SEARCH_TALENTS;
  search: SearchKey;
  hired: boolean;
  rating: 5 | 10;
  note: string;
} & ({ referredBefore: number; approvedBefore: number; payment: SearchPaymentKey } | { thisYear: true });

export const SEARCH_REFERRALS: SearchReferral[] = [
  {
    talent: 'goh',
    search: 'headEng',
    referredBefore: 190,
    approvedBefore: 176,
    payment: 'rajesh1',
    hired: true,
    rating: 10,
    note: 'Three calls; ready to move for the CTO track. Notice period three months.',
  },
  {
    talent: 'shalini',
    search: 'headEng',
    referredBefore: 186,
    approvedBefore: 172,
    payment: 'rajesh1',
    hired: false,
    rating: 10,
    note: 'Strong on hiring and payments; prefers a hybrid week.',
  },
  {
    talent: 'hafiz',
    search: 'headEng',
    referredBefore: 183,
    approvedBefore: 168,
    payment: 'rajesh1',
    hired: false,
    rating: 5,
    note: 'Deep technically, first role leading managers.',
  },
  {
    talent: 'chloe',
    search: 'headEng',
    referredBefore: 180,
    approvedBefore: 165,
    payment: 'rajesh1',
    hired: false,
    rating: 10,
    note: 'Start-up leader; wants a larger scale. Notice one month.',
  },
  {
    talent: 'deepa',
    search: 'headEng',
    referredBefore: 188,
    approvedBefore: 174,
    payment: 'zarina1',
    hired: false,
    rating: 10,
    note: 'Led a cloud migration of 200 services; open to a relocation allowance.',
  },
  {
    talent: 'lim',
    search: 'cfo',
    referredBefore: 185,
    approvedBefore: 170,
    payment: 'rajesh1',
    hired: true,
    rating: 10,
    note: 'Listing experience; knows the Penang plants well.',
  },
  {
    talent: 'azman',
    search: 'cfo',
    referredBefore: 182,
    approvedBefore: 160,
    payment: 'rajesh1',
    hired: false,
    rating: 10,
    note: 'Group reporting across three countries; MIA member.',
  },
  {
    talent: 'vincent',
    search: 'cfo',
    referredBefore: 178,
    approvedBefore: 120,
    payment: 'rajesh2',
    hired: false,
    rating: 5,
    note: 'Sitting CFO; would move for the board seat.',
  },
  {
    talent: 'azlina',
    search: 'cfo',
    referredBefore: 175,
    approvedBefore: 115,
    payment: 'rajesh2',
    hired: false,
    rating: 10,
    note: 'Automotive costing expert; based in Seremban, fine with Penang.',
  },
  {
    talent: 'suresh',
    search: 'opsDirector',
    referredBefore: 175,
    approvedBefore: 112,
    payment: 'rajesh2',
    hired: true,
    rating: 10,
    note: 'Runs the northern region of a 3PL today; strong safety record.',
  },
  {
    talent: 'wong',
    search: 'opsDirector',
    referredBefore: 170,
    approvedBefore: 108,
    payment: 'rajesh2',
    hired: false,
    rating: 10,
    note: 'Opened two automated centres; speaks Hokkien with the drivers.',
  },
  {
    talent: 'khairul',
    search: 'opsDirector',
    referredBefore: 160,
    approvedBefore: 60,
    payment: 'rajesh3',
    hired: false,
    rating: 5,
    note: 'Fleet specialist; less warehouse experience.',
  },
  {
    talent: 'jessica',
    search: 'opsDirector',
    referredBefore: 130,
    approvedBefore: 58,
    payment: 'rajesh3',
    hired: false,
    rating: 10,
    note: 'Planning background; wants a P&L role.',
  },
  {
    talent: 'arif',
    search: 'opsDirector',
    referredBefore: 120,
    approvedBefore: 55,
    payment: 'rajesh3',
    hired: false,
    rating: 10,
    note: 'Port operations; would relocate to Butterworth.',
  },
  {
    talent: 'daniel',
    search: 'cto',
    thisYear: true,
    hired: true,
    rating: 10,
    note: 'Regulated-industry CTO; two active data centres. Notice three months.',
  },
  {
    talent: 'mariam',
    search: 'cto',
    thisYear: true,
    hired: false,
    rating: 10,
    note: 'Bank private cloud and RMiT; leads 80 engineers.',
  },
];

/** The reference of this year's payment to Rajesh, the one with 2% withheld. */
export const WITHHELD_PAYMENT_REFERENCE = 'MBB-IBG-0003017';
