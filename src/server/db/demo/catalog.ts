// What the demo data is made of: fictional companies, roles, tasks, talents and referral stories.
// Every name, company, e-mail address and phone number here is invented.

export type CompanyKey =
  | 'kopi'
  | 'lioncity'
  | 'cyberview'
  | 'selat'
  | 'tanjung'
  | 'merdeka'
  | 'nusantara'
  | 'garuda'
  | 'makan'
  | 'iskandar'
  | 'pelangi'
  | 'borneo';

type Company = { name: string; location: string; country: string; currency: 'MYR' | 'SGD' | 'IDR'; about: string };

export const COMPANIES: Record<CompanyKey, Company> = {
  kopi: {
    name: 'Kopi Digital Sdn Bhd',
    location: 'Kuala Lumpur',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Kopi Digital builds the e-wallet and bill-payment app used by more than two million Malaysians. The team of 180 works from a bright office in Bangsar South, a short walk from the LRT.',
  },
  lioncity: {
    name: 'Lion City Payments Pte Ltd',
    location: 'Singapore',
    country: 'Singapore',
    currency: 'SGD',
    about:
      'Lion City Payments processes card and QR payments for over 30,000 merchants across Singapore and Malaysia. We are a regulated payment institution with offices at one-north.',
  },
  cyberview: {
    name: 'Cyberview Cloud Services Sdn Bhd',
    location: 'Cyberjaya',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Cyberview Cloud Services runs managed hosting and data-centre services for banks, insurers and government agencies from two Tier III facilities in Cyberjaya.',
  },
  selat: {
    name: 'Selat Semiconductor Sdn Bhd',
    location: 'Bayan Lepas, Penang',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Selat Semiconductor assembles and tests power and sensor chips for automotive and industrial customers in Europe and Japan. Our Bayan Lepas plant runs around the clock with 1,400 employees.',
  },
  tanjung: {
    name: 'Tanjung Logistics Sdn Bhd',
    location: 'Butterworth, Penang',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Tanjung Logistics moves containers and e-commerce parcels between Penang Port, the Klang Valley and southern Thailand, with a fleet of 250 trucks and four warehouses in the northern region.',
  },
  merdeka: {
    name: 'Merdeka Health Berhad',
    location: 'Kuala Lumpur',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Merdeka Health operates six private hospitals and twenty clinics in the Klang Valley and Seremban, caring for more than 400,000 patients a year.',
  },
  nusantara: {
    name: 'PT Nusantara Retail Group',
    location: 'Jakarta',
    country: 'Indonesia',
    currency: 'IDR',
    about:
      'Nusantara Retail Group runs 320 convenience and lifestyle stores across Java and Bali, and a fast-growing online shop.',
  },
  garuda: {
    name: 'PT Garuda Ride Indonesia',
    location: 'Jakarta',
    country: 'Indonesia',
    currency: 'IDR',
    about:
      'Garuda Ride is a ride-hailing and parcel app serving twelve Indonesian cities, with a product and engineering hub in South Jakarta.',
  },
  makan: {
    name: 'Makan Delivery Pte Ltd',
    location: 'Singapore',
    country: 'Singapore',
    currency: 'SGD',
    about:
      'Makan Delivery brings hawker and restaurant food to homes and offices across Singapore, working with more than 5,000 food stalls.',
  },
  iskandar: {
    name: 'Iskandar Green Energy Sdn Bhd',
    location: 'Johor Bahru',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Iskandar Green Energy designs and installs rooftop solar systems for factories, warehouses and homes in Johor, and maintains more than 40 MW of installed capacity.',
  },
  pelangi: {
    name: 'Pelangi Foods Sdn Bhd',
    location: 'Shah Alam',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Pelangi Foods makes halal frozen foods and runs a chain of twelve cafés in the Klang Valley under the Pelangi Kopitiam name.',
  },
  borneo: {
    name: 'Borneo Agritech Sdn Bhd',
    location: 'Kota Kinabalu',
    country: 'Malaysia',
    currency: 'MYR',
    about:
      'Borneo Agritech helps smallholder farmers in Sabah raise yields with soil sensors, drone mapping and a mobile advisory app.',
  },
};

export type RoleKey =
  | 'backend'
  | 'frontend'
  | 'mobile'
  | 'devops'
  | 'data'
  | 'csMandarin'
  | 'warehouse'
  | 'processEng'
  | 'nurse'
  | 'baristaPt'
  | 'retailPt'
  | 'riderPt'
  | 'sweIntern'
  | 'mktIntern'
  | 'finIntern'
  | 'digitalMkt'
  | 'accounts'
  | 'hr'
  | 'salesB2b'
  | 'solarTech';

type Role = {
  title: string;
  jobType: 'ft' | 'pt' | 'intern';
  salary: [number, number]; // MYR a month, whole ringgit
  reward: number; // MYR, whole ringgit
  skills: string[];
  languages: string[];
  summary: string;
  duties: string;
  experience: string;
};

export const ROLES: Record<RoleKey, Role> = {
  backend: {
    title: 'Senior Backend Engineer (Node.js)',
    jobType: 'ft',
    salary: [9000, 14000],
    reward: 800,
    skills: ['Node.js', 'TypeScript', 'PostgreSQL', 'AWS', 'REST APIs'],
    languages: ['en'],
    summary:
      'You will design and run the services behind our mobile and web products, working closely with product managers, designers and the mobile team.',
    duties:
      'Build and maintain APIs used by hundreds of thousands of customers every day; review code and mentor two or three engineers; improve monitoring, reliability and deployment pipelines; take part in an on-call rotation shared across the team.',
    experience: 'At least five years building backend services in production.',
  },
  frontend: {
    title: 'Frontend Developer (React)',
    jobType: 'ft',
    salary: [6000, 9500],
    reward: 600,
    skills: ['React', 'TypeScript', 'Tailwind CSS', 'Testing Library'],
    languages: ['en'],
    summary: 'You will build fast, accessible web screens for customers and for our internal operations team.',
    duties:
      'Turn designs into reusable React components; work with backend engineers on API contracts; write tests and keep the bundle small; help improve our design system.',
    experience: 'Three years or more of professional React work.',
  },
  mobile: {
    title: 'Mobile Developer (Flutter)',
    jobType: 'ft',
    salary: [6500, 10000],
    reward: 650,
    skills: ['Flutter', 'Dart', 'Firebase', 'REST APIs'],
    languages: ['en'],
    summary: 'You will ship new features to our Android and iOS apps every two weeks.',
    duties:
      'Develop and test app features end to end; profile and fix performance issues on low-end Android phones; publish releases to the Play Store and App Store; work with QA on automated tests.',
    experience: 'Three years of mobile development, at least one app published with Flutter.',
  },
  devops: {
    title: 'DevOps Engineer',
    jobType: 'ft',
    salary: [8000, 12500],
    reward: 750,
    skills: ['Kubernetes', 'Terraform', 'AWS', 'CI/CD', 'Linux'],
    languages: ['en'],
    summary: 'You will keep our platform fast, secure and cheap to run as traffic keeps growing.',
    duties:
      'Manage Kubernetes clusters and infrastructure as code; build CI/CD pipelines; set up monitoring and alerting; lead incident reviews and capacity planning.',
    experience: 'Four years in operations or platform engineering.',
  },
  data: {
    title: 'Data Analyst',
    jobType: 'ft',
    salary: [4500, 7500],
    reward: 400,
    skills: ['SQL', 'Power BI', 'Python', 'Excel'],
    languages: ['en', 'ms'],
    summary: 'You will help managers make decisions with clear dashboards and honest numbers.',
    duties:
      'Write SQL against our data warehouse; build and maintain Power BI dashboards; run ad-hoc analyses for operations and finance; explain findings to non-technical colleagues.',
    experience: 'Two years of analytics work; a degree in statistics, economics or a related field.',
  },
  csMandarin: {
    title: 'Customer Service Executive (Mandarin speaker)',
    jobType: 'ft',
    salary: [2800, 3800],
    reward: 200,
    skills: ['Customer service', 'Zendesk', 'Complaint handling'],
    languages: ['en', 'zh', 'ms'],
    summary: 'You will be the friendly voice that helps our customers by phone, chat and e-mail.',
    duties:
      'Answer customer questions in English, Mandarin and Malay; resolve complaints and refunds; log every case in Zendesk; share recurring issues with the product team.',
    experience: 'One year in a customer-facing role; fresh graduates with strong Mandarin are welcome.',
  },
  warehouse: {
    title: 'Warehouse Supervisor',
    jobType: 'ft',
    salary: [3500, 5000],
    reward: 300,
    skills: ['Inventory management', 'SAP', 'Team leadership', 'Forklift licence'],
    languages: ['ms', 'en'],
    summary: 'You will lead a shift of 25 warehouse staff handling inbound and outbound goods.',
    duties:
      'Plan the daily picking and loading schedule; keep stock records accurate in SAP; enforce safety rules; train new staff and report shift results to the warehouse manager.',
    experience: 'Three years in a warehouse, at least one as a team leader; a valid forklift licence.',
  },
  processEng: {
    title: 'Process Engineer',
    jobType: 'ft',
    salary: [5500, 8500],
    reward: 550,
    skills: ['Lean Six Sigma', 'SPC', 'FMEA', 'Semiconductor packaging'],
    languages: ['en', 'zh'],
    summary: 'You will own the yield and stability of a production line in our back-end assembly plant.',
    duties:
      'Monitor line performance with SPC; lead root-cause analysis and corrective actions; qualify new materials and equipment; support customer audits.',
    experience: 'A degree in engineering and two years in manufacturing, ideally semiconductor.',
  },
  nurse: {
    title: 'Staff Nurse',
    jobType: 'ft',
    salary: [3200, 4800],
    reward: 450,
    skills: ['Patient care', 'Basic Life Support', 'Ward management'],
    languages: ['ms', 'en'],
    summary: 'You will care for patients in our medical and surgical wards.',
    duties:
      'Assess and monitor patients; give medication and treatment as prescribed; keep accurate nursing records; work on rotating shifts with a team of 12 nurses.',
    experience: 'A nursing diploma, registration with the Malaysian Nursing Board and a valid practising certificate.',
  },
  baristaPt: {
    title: 'Part-time Barista',
    jobType: 'pt',
    salary: [1200, 1800],
    reward: 150,
    skills: ['Espresso preparation', 'Customer service', 'Cash handling'],
    languages: ['ms', 'en'],
    summary: 'You will make coffee and serve customers at one of our cafés, 20 to 25 hours a week.',
    duties:
      'Prepare coffee and drinks to our recipes; keep the counter clean; handle cash and e-wallet payments; help with opening or closing duties.',
    experience: 'No experience needed: full training is given. Weekend availability is a must.',
  },
  retailPt: {
    title: 'Part-time Retail Assistant',
    jobType: 'pt',
    salary: [1300, 1900],
    reward: 150,
    skills: ['Sales', 'Stock replenishment', 'POS systems'],
    languages: ['id', 'en'],
    summary: 'You will help customers and keep the shelves full at a busy store, four days a week.',
    duties: 'Greet and help customers; restock shelves and check expiry dates; operate the till; keep the store tidy.',
    experience: 'Secondary school; previous retail experience is a plus.',
  },
  riderPt: {
    title: 'Part-time Delivery Rider',
    jobType: 'pt',
    salary: [1500, 2500],
    reward: 180,
    skills: ['Own motorcycle', 'Navigation apps', 'Time management'],
    languages: ['ms', 'en'],
    summary: 'You will deliver parcels on your own motorcycle, choosing your own shifts.',
    duties:
      'Collect parcels from the hub; deliver them safely and on time; take proof of delivery in the app; handle cash-on-delivery payments.',
    experience: 'A valid motorcycle licence and your own motorcycle; a smartphone with mobile data.',
  },
  sweIntern: {
    title: 'Software Engineering Intern',
    jobType: 'intern',
    salary: [1200, 1800],
    reward: 200,
    skills: ['JavaScript', 'Git', 'SQL'],
    languages: ['en'],
    summary: 'A six-month internship in a product team, with a mentor and real features to ship.',
    duties:
      'Fix bugs and build small features; write tests; join stand-ups, planning and code reviews; present your work at the end of the internship.',
    experience: 'Final-year students in computer science or a related field.',
  },
  mktIntern: {
    title: 'Marketing Intern',
    jobType: 'intern',
    salary: [800, 1200],
    reward: 150,
    skills: ['Social media', 'Canva', 'Copywriting'],
    languages: ['en', 'ms'],
    summary: 'A three- to six-month internship in our marketing team.',
    duties:
      'Plan and write social media posts; design simple visuals in Canva; help run campaigns and events; report on campaign results.',
    experience: 'Students in marketing, communications or mass media.',
  },
  finIntern: {
    title: 'Finance Intern',
    jobType: 'intern',
    salary: [900, 1300],
    reward: 150,
    skills: ['Excel', 'Accounting basics'],
    languages: ['en'],
    summary: 'A six-month internship in the finance department.',
    duties:
      'Help with month-end closing; reconcile bank statements; prepare payment vouchers; support the annual audit.',
    experience: 'Students in accounting or finance.',
  },
  digitalMkt: {
    title: 'Digital Marketing Executive',
    jobType: 'ft',
    salary: [4000, 6000],
    reward: 350,
    skills: ['Google Ads', 'Meta Ads', 'SEO', 'Google Analytics'],
    languages: ['en', 'ms'],
    summary: 'You will run paid and organic campaigns that bring new customers to our app.',
    duties:
      'Plan and optimise Google and Meta ad campaigns; improve our search ranking; track results in Google Analytics; work with designers and copywriters on creatives.',
    experience: 'Two years running performance marketing campaigns with a monthly budget.',
  },
  accounts: {
    title: 'Accounts Executive',
    jobType: 'ft',
    salary: [3800, 5500],
    reward: 350,
    skills: ['Full set of accounts', 'SQL Account', 'MFRS', 'Excel'],
    languages: ['en', 'ms'],
    summary: 'You will handle the full set of accounts for two of our subsidiaries.',
    duties:
      'Record daily transactions; prepare monthly management accounts; handle SST submissions; liaise with auditors and tax agents.',
    experience: 'A degree or diploma in accounting and two years handling a full set of accounts.',
  },
  hr: {
    title: 'HR Executive',
    jobType: 'ft',
    salary: [4000, 6000],
    reward: 350,
    skills: ['Recruitment', 'Payroll', 'Employment Act 1955'],
    languages: ['en', 'ms'],
    summary: 'You will look after recruitment, onboarding and payroll for about 300 employees.',
    duties:
      'Run recruitment from job posting to offer; onboard new hires; process monthly payroll, EPF, SOCSO and PCB; advise managers on the Employment Act.',
    experience: 'Three years in a generalist HR role.',
  },
  salesB2b: {
    title: 'Sales Executive (B2B)',
    jobType: 'ft',
    salary: [3500, 6000],
    reward: 400,
    skills: ['B2B sales', 'CRM', 'Negotiation'],
    languages: ['en', 'ms', 'zh'],
    summary: 'You will win and grow business customers in your region; basic salary plus commission.',
    duties:
      'Find and visit prospective customers; prepare quotations and proposals; negotiate contracts; keep the CRM up to date and meet monthly targets.',
    experience: 'Two years in B2B sales; a driving licence and your own car.',
  },
  solarTech: {
    title: 'Solar PV Technician',
    jobType: 'ft',
    salary: [3000, 4500],
    reward: 300,
    skills: ['Solar PV installation', 'Electrical wiring', 'Working at height'],
    languages: ['ms', 'en'],
    summary: 'You will install and maintain rooftop solar systems across Johor.',
    duties:
      'Install panels, inverters and wiring to our standards; test and commission systems; carry out routine maintenance and repairs; follow strict safety procedures on rooftops.',
    experience: 'A certificate in electrical work (Wireman PW2 or above); solar experience is a plus.',
  },
};

export type TaskState = 'open' | 'expired' | 'closed';
// [company, role, state, created days ago, critical, quota, days until expiry (negative: expired), closed days ago]
type TaskRow = [CompanyKey, RoleKey, TaskState, number, boolean, number, number | null, number?];

// Task n in this list gets the code T-00000n. Referral stories below name tasks by that number.
export const TASKS: TaskRow[] = [
  ['kopi', 'backend', 'open', 20, true, 5, 40],
  ['kopi', 'frontend', 'open', 18, false, 8, 42],
  ['kopi', 'data', 'open', 35, false, 6, null],
  ['kopi', 'sweIntern', 'open', 12, false, 10, 48],
  ['lioncity', 'backend', 'open', 25, true, 4, 35],
  ['lioncity', 'devops', 'open', 14, false, 5, 46],
  ['lioncity', 'csMandarin', 'open', 30, false, 15, null],
  ['cyberview', 'devops', 'open', 16, true, 6, 44],
  ['cyberview', 'frontend', 'open', 22, false, 8, 38],
  ['cyberview', 'sweIntern', 'open', 9, false, 12, 51],
  ['cyberview', 'csMandarin', 'open', 40, false, 20, null],
  ['selat', 'processEng', 'open', 28, true, 6, 32],
  ['selat', 'finIntern', 'open', 11, false, 5, 49],
  ['selat', 'hr', 'open', 26, false, 3, 34],
  ['tanjung', 'warehouse', 'open', 33, false, 8, 27],
  ['tanjung', 'riderPt', 'open', 6, false, 20, 54],
  ['tanjung', 'accounts', 'open', 19, false, 4, 41],
  ['merdeka', 'nurse', 'open', 24, true, 15, 36],
  ['merdeka', 'hr', 'open', 17, false, 3, 43],
  ['merdeka', 'data', 'open', 13, false, 5, 47],
  ['nusantara', 'retailPt', 'open', 10, false, 20, 50],
  ['nusantara', 'digitalMkt', 'open', 21, false, 6, 39],
  ['garuda', 'mobile', 'open', 15, true, 5, 45],
  ['garuda', 'salesB2b', 'open', 27, false, 10, null],
  ['makan', 'riderPt', 'open', 8, false, 20, 52],
  ['makan', 'mktIntern', 'open', 5, false, 4, 55],
  ['iskandar', 'solarTech', 'open', 23, false, 12, 37],
  ['iskandar', 'salesB2b', 'open', 29, false, 7, 31],
  ['pelangi', 'baristaPt', 'open', 7, false, 10, 53],
  ['borneo', 'data', 'open', 31, false, 3, 29],
  ['pelangi', 'accounts', 'expired', 70, false, 4, -3],
  ['borneo', 'mktIntern', 'expired', 60, false, 5, -10],
  ['kopi', 'mobile', 'expired', 75, true, 5, -1],
  ['iskandar', 'hr', 'expired', 65, false, 3, -20],
  ['tanjung', 'salesB2b', 'expired', 95, false, 3, -30],
  ['selat', 'warehouse', 'closed', 88, false, 6, null, 40],
  ['merdeka', 'csMandarin', 'closed', 90, false, 10, null, 45],
  ['kopi', 'digitalMkt', 'closed', 86, false, 10, -5, 30],
  ['lioncity', 'frontend', 'closed', 80, false, 5, null, 20],
  ['cyberview', 'backend', 'closed', 100, false, 4, -40, 50],
];

type PromoSpec = {
  title: string;
  description: string;
  startsDaysAgo: number;
  endsDaysAgo: number; // negative: still running
  bonus: number; // MYR, whole ringgit
  tasks: number[];
};

export const PROMOS: PromoSpec[] = [
  {
    title: 'Year-End Tech Hiring Sprint',
    description:
      'Our technology clients want to fill key roles before the new year. Every rewarded referral to a task in this promo earns an extra MYR 100 on top of the task reward.',
    startsDaysAgo: 10,
    endsDaysAgo: -20,
    bonus: 100,
    tasks: [1, 5, 6, 9, 20],
  },
  {
    title: 'Merdeka Month Referral Drive',
    description:
      'To celebrate Merdeka, every rewarded referral to the tasks below earned an extra MYR 50 on top of the task reward.',
    startsDaysAgo: 80,
    endsDaysAgo: 50,
    bonus: 50,
    tasks: [35, 36, 37, 38],
  },
];

export type RecruiterKey = 'main' | 'tan';

// Tasks each recruiter joined (or was assigned, with the admin as assigner).
export const JOINED: { recruiter: RecruiterKey | 'siti'; task: number; assigned?: boolean; daysAgo?: number }[] = [
  ...[1, 2, 5, 7, 9, 15, 17, 20, 22, 33, 35, 36, 38].map((task) => ({ recruiter: 'main' as const, task })),
  { recruiter: 'main', task: 12, assigned: true },
  { recruiter: 'main', task: 18, assigned: true },
  { recruiter: 'tan', task: 12 },
  { recruiter: 'tan', task: 35 },
  { recruiter: 'siti', task: 18, assigned: true, daysAgo: 0.5 }, // her account is a day old
];

type TalentSpec = {
  recruiter: RecruiterKey;
  name: string;
  email: string;
  phone: string; // E.164
  dial: '+60' | '+65' | '+62';
  languages: string[];
  education: string;
  country: string;
  location: string;
  salary: number; // expected, whole units a month
  currency: 'MYR' | 'SGD' | 'IDR';
  years: number;
  position: string;
  skills: string[];
  summary: string;
};

const my = (recruiter: RecruiterKey, values: Omit<TalentSpec, 'recruiter' | 'dial' | 'country' | 'currency'>) =>
  ({ recruiter, dial: '+60', country: 'Malaysia', currency: 'MYR', ...values }) as TalentSpec;

export const TALENTS: Record<string, TalentSpec> = {
  lee: my('main', {
    name: 'Lee Chong Hao',
    email: 'lee.chonghao@example.com',
    phone: '+60125550101',
    languages: ['en', 'zh', 'ms'],
    education: 'Degree',
    location: 'Kuala Lumpur',
    salary: 12000,
    years: 7,
    position: 'Backend Engineer at a digital bank',
    skills: ['Node.js', 'TypeScript', 'PostgreSQL', 'AWS', 'Kafka'],
    summary:
      'Backend engineer with seven years of experience building payment and lending services. Led the migration of a monolith to event-driven services on AWS.',
  }),
  aisyah: my('main', {
    name: 'Nur Aisyah binti Zulkifli',
    email: 'aisyah.zulkifli@example.com',
    phone: '+60135550102',
    languages: ['ms', 'en'],
    education: 'Degree',
    location: 'Shah Alam',
    salary: 6000,
    years: 3,
    position: 'Business Intelligence Analyst',
    skills: ['SQL', 'Power BI', 'Python', 'Excel'],
    summary: 'Analyst who builds sales and operations dashboards for a retail chain; degree in statistics from UiTM.',
  }),
  haziq: my('main', {
    name: 'Muhammad Haziq bin Rosli',
    email: 'haziq.rosli@example.com',
    phone: '+60175550103',
    languages: ['ms', 'en'],
    education: 'Diploma',
    location: 'Butterworth, Penang',
    salary: 4500,
    years: 6,
    position: 'Assistant Warehouse Supervisor',
    skills: ['Inventory management', 'SAP', 'Forklift licence', 'Team leadership'],
    summary: 'Six years in third-party logistics warehouses; leads a night shift of 15 people.',
  }),
  kavitha: my('main', {
    name: 'Kavitha a/p Subramaniam',
    email: 'kavitha.s@example.com',
    phone: '+60165550104',
    languages: ['en', 'ms', 'ta'],
    education: 'Diploma',
    location: 'Petaling Jaya',
    salary: 4200,
    years: 5,
    position: 'Staff Nurse, medical ward',
    skills: ['Patient care', 'Basic Life Support', 'Ward management'],
    summary: 'Registered nurse with five years on a busy medical ward; BLS and ACLS certified.',
  }),
  wong: my('main', {
    name: 'Wong Mei Xin',
    email: 'meixin.wong@example.com',
    phone: '+60125550105',
    languages: ['en', 'zh', 'ms'],
    education: 'Degree',
    location: 'Kuala Lumpur',
    salary: 8000,
    years: 4,
    position: 'Frontend Developer',
    skills: ['React', 'TypeScript', 'Next.js', 'Tailwind CSS'],
    summary: 'Frontend developer at an e-commerce start-up; cares about accessibility and performance.',
  }),
  arjun: my('main', {
    name: 'Arjun Nair',
    email: 'arjun.nair@example.com',
    phone: '+60195550106',
    languages: ['en', 'ms', 'ta'],
    education: 'Degree',
    location: 'George Town, Penang',
    salary: 5000,
    years: 5,
    position: 'Key Account Manager',
    skills: ['B2B sales', 'CRM', 'Negotiation'],
    summary: 'Sells freight and warehousing services to manufacturers in the northern region.',
  }),
  farah: my('main', {
    name: 'Farah Nadia binti Osman',
    email: 'farah.osman@example.com',
    phone: '+60145550107',
    languages: ['ms', 'en', 'zh'],
    education: 'Diploma',
    location: 'Kuala Lumpur',
    salary: 3500,
    years: 3,
    position: 'Customer Support Executive',
    skills: ['Customer service', 'Zendesk', 'Complaint handling'],
    summary: 'Trilingual customer support executive; studied at a Chinese primary school and speaks fluent Mandarin.',
  }),
  chan: my('main', {
    name: 'Chan Jia Wei',
    email: 'jiawei.chan@example.com',
    phone: '+601155500108',
    languages: ['en', 'zh', 'ms'],
    education: 'Master',
    location: 'Bayan Lepas, Penang',
    salary: 8000,
    years: 6,
    position: 'Process Engineer',
    skills: ['Lean Six Sigma', 'SPC', 'FMEA', 'Semiconductor packaging'],
    summary: 'Process engineer in wire bonding and moulding; Six Sigma Green Belt.',
  }),
  amirul: my('main', {
    name: 'Amirul Hakim bin Yusof',
    email: 'amirul.yusof@example.com',
    phone: '+60185550109',
    languages: ['ms'],
    education: 'Secondary School',
    location: 'Seberang Perai, Penang',
    salary: 3800,
    years: 4,
    position: 'Warehouse Assistant',
    skills: ['Inventory management', 'Stock counting'],
    summary: 'Hard-working warehouse assistant looking for a supervisory role.',
  }),
  priya: my('main', {
    name: 'Priya Devi a/p Raman',
    email: 'priya.raman@example.com',
    phone: '+60125550110',
    languages: ['en', 'ms', 'ta'],
    education: 'Degree',
    location: 'Klang',
    salary: 5000,
    years: 4,
    position: 'Accounts Executive',
    skills: ['Full set of accounts', 'SQL Account', 'MFRS', 'Excel'],
    summary: 'Handles the full set of accounts for three SMEs at an accounting firm; ACCA part-qualified.',
  }),
  ong: my('main', {
    name: 'Ong Kah Seng',
    email: 'kahseng.ong@example.com',
    phone: '+60165550111',
    languages: ['en', 'zh'],
    education: 'Degree',
    location: 'Kuala Lumpur',
    salary: 9000,
    years: 5,
    position: 'Mobile Developer',
    skills: ['Flutter', 'Dart', 'Kotlin', 'Firebase'],
    summary: 'Built and maintains a food-ordering app with 500,000 downloads.',
  }),
  lim: my('main', {
    name: 'Lim Shu Ting',
    email: 'shuting.lim@example.com',
    phone: '+60175550112',
    languages: ['zh', 'en', 'ms'],
    education: 'Diploma',
    location: 'Puchong',
    salary: 3300,
    years: 2,
    position: 'Call Centre Agent',
    skills: ['Customer service', 'Telesales'],
    summary: 'Call centre agent for a telco, handling Mandarin-speaking customers.',
  }),
  danial: my('main', {
    name: 'Danial Iskandar bin Hamzah',
    email: 'danial.hamzah@example.com',
    phone: '+60135550113',
    languages: ['ms', 'en'],
    education: 'Degree',
    location: 'George Town, Penang',
    salary: 5500,
    years: 5,
    position: 'Sales Executive',
    skills: ['B2B sales', 'Logistics', 'CRM'],
    summary: 'Consistently above target selling logistics services to SMEs.',
  }),
  putri: {
    recruiter: 'main',
    name: 'Putri Ayu Lestari',
    email: 'putri.lestari@example.com',
    phone: '+6281255500114',
    dial: '+62',
    languages: ['id', 'en', 'ms'],
    education: 'Degree',
    country: 'Indonesia',
    location: 'Jakarta',
    salary: 12_000_000,
    currency: 'IDR',
    years: 3,
    position: 'Social Media Specialist',
    skills: ['Meta Ads', 'Google Ads', 'Copywriting', 'SEO'],
    summary: 'Runs paid social campaigns for consumer brands; open to relocating to Kuala Lumpur.',
  },
  kokleong: {
    recruiter: 'main',
    name: 'Tan Kok Leong',
    email: 'kokleong.tan@example.com',
    phone: '+6591550115',
    dial: '+65',
    languages: ['en', 'zh'],
    education: 'Degree',
    country: 'Singapore',
    location: 'Singapore',
    salary: 9000,
    currency: 'SGD',
    years: 9,
    position: 'Senior Software Engineer',
    skills: ['Java', 'Node.js', 'PostgreSQL', 'Kubernetes'],
    summary: 'Senior engineer at a Singapore bank, interested in payments start-ups.',
  },
  goh: my('tan', {
    name: 'Goh Chee Keong',
    email: 'cheekeong.goh@example.com',
    phone: '+60125550201',
    languages: ['en', 'zh', 'ms'],
    education: 'Diploma',
    location: 'George Town, Penang',
    salary: 4800,
    years: 6,
    position: 'Sales Executive',
    skills: ['B2B sales', 'Negotiation'],
    summary: 'Sales executive selling packaging materials to factories.',
  }),
  aina: my('tan', {
    name: 'Aina Sofea binti Razak',
    email: 'aina.razak@example.com',
    phone: '+60135550202',
    languages: ['ms', 'en'],
    education: 'Degree',
    location: 'Bukit Mertajam, Penang',
    salary: 4500,
    years: 3,
    position: 'Business Development Executive',
    skills: ['B2B sales', 'CRM'],
    summary: 'Business development for a freight forwarder.',
  }),
  ravi: my('tan', {
    name: 'Ravi Chandran',
    email: 'ravi.chandran@example.com',
    phone: '+60165550203',
    languages: ['en', 'ms', 'ta'],
    education: 'Degree',
    location: 'Bayan Lepas, Penang',
    salary: 7500,
    years: 8,
    position: 'Senior Process Engineer',
    skills: ['SPC', 'FMEA', 'Lean Six Sigma'],
    summary: 'Eight years in semiconductor test and assembly.',
  }),
};

type Hiring = 'SCREENING' | 'INTERVIEW' | 'OFFERED' | 'HIRED' | 'REJECTED' | 'WITHDRAWN';
type Proof = { kind: 'png' | 'pdf'; status: 'NEED_REVIEW' | 'ACCEPTED' | 'REJECTED'; note: string; reason?: string };

export type ReferralStory = {
  talent: keyof typeof TALENTS;
  task: number;
  daysAgo: number;
  consent: 'PENDING' | 'CONFIRMED' | 'DECLINED';
  consentResent?: boolean;
  ita: 'NOT_SENT' | 'SENT' | 'CONFIRMED' | 'DECLINED';
  hiring: Hiring[]; // the admin's changes after SUBMITTED, in order
  reward?: {
    status: 'APPROVED' | 'REJECTED' | 'INELIGIBLE' | 'NOT_VALID' | 'EXCEED_QUOTA';
    daysAgo: number;
    reason?: string;
  };
  payment?: 'mainPaid' | 'mainPending' | 'tanPaid';
  proofs: Proof[];
  rating: 5 | 10 | null;
  note: string | null;
};

const FULL_HIRE: Hiring[] = ['SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'];
const called = (minutes: number, what: string) => `Called for ${minutes} minutes. ${what}`;

// Referral stories. Amounts follow the rules: reward = task reward (+ promo bonus when referred during
// a running promo listing the task); APPROVED and later only with consent CONFIRMED; task 35 has a
// quota of 3, reached before Arjun's referral was decided, hence EXCEED_QUOTA.
export const REFERRALS: ReferralStory[] = [
  {
    talent: 'lee',
    task: 1,
    daysAgo: 8,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: ['SCREENING', 'INTERVIEW'],
    reward: { status: 'APPROVED', daysAgo: 1 },
    proofs: [
      {
        kind: 'png',
        status: 'ACCEPTED',
        note: called(14, 'Walked through the role; keen to move to a product company.'),
      },
    ],
    rating: 10,
    note: 'Strong payments background and led a team of four. Notice period one month; expects around RM 13,000.',
  },
  {
    talent: 'kokleong',
    task: 5,
    daysAgo: 6,
    consent: 'CONFIRMED',
    ita: 'SENT',
    hiring: ['SCREENING'],
    proofs: [
      { kind: 'pdf', status: 'NEED_REVIEW', note: called(20, 'Discussed the payments platform and salary range.') },
    ],
    rating: 10,
    note: 'Nine years of Java and Node.js at a bank. Available for interviews on weekday evenings.',
  },
  {
    talent: 'wong',
    task: 2,
    daysAgo: 5,
    consent: 'PENDING',
    ita: 'NOT_SENT',
    hiring: [],
    proofs: [
      { kind: 'png', status: 'NEED_REVIEW', note: called(9, 'Interested; will review the consent e-mail tonight.') },
    ],
    rating: 10,
    note: 'Solid React and TypeScript portfolio, good eye for accessibility.',
  },
  {
    talent: 'aisyah',
    task: 20,
    daysAgo: 2,
    consent: 'PENDING',
    ita: 'NOT_SENT',
    hiring: [],
    proofs: [],
    rating: 5,
    note: 'Power BI skills are good; SQL is intermediate.',
  },
  {
    talent: 'lim',
    task: 7,
    daysAgo: 20,
    consent: 'DECLINED',
    ita: 'NOT_SENT',
    hiring: ['WITHDRAWN'],
    reward: { status: 'NOT_VALID', daysAgo: 12, reason: 'The candidate declined consent.' },
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(6, 'Candidate unsure about working in Singapore.') }],
    rating: 5,
    note: 'Fluent Mandarin; hesitant about commuting across the Causeway.',
  },
  {
    talent: 'kavitha',
    task: 18,
    daysAgo: 15,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: ['SCREENING', 'INTERVIEW', 'OFFERED'],
    proofs: [
      { kind: 'pdf', status: 'ACCEPTED', note: called(11, 'Confirmed practising certificate and shift availability.') },
    ],
    rating: 10,
    note: 'Five years on a medical ward, ACLS certified, happy with rotating shifts.',
  },
  {
    talent: 'chan',
    task: 12,
    daysAgo: 22,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'APPROVED', daysAgo: 6 },
    payment: 'mainPending',
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(15, 'Discussed yield improvement projects.') }],
    rating: 10,
    note: 'Green Belt, strong in SPC; already lives ten minutes from the plant.',
  },
  {
    talent: 'haziq',
    task: 15,
    daysAgo: 25,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'APPROVED', daysAgo: 5 },
    payment: 'mainPending',
    proofs: [
      { kind: 'pdf', status: 'ACCEPTED', note: called(8, 'Confirmed forklift licence and night-shift experience.') },
    ],
    rating: 10,
    note: 'Leads a night shift already; ready for a supervisor title.',
  },
  {
    talent: 'amirul',
    task: 15,
    daysAgo: 24,
    consent: 'CONFIRMED',
    ita: 'DECLINED',
    hiring: ['SCREENING', 'REJECTED'],
    reward: {
      status: 'REJECTED',
      daysAgo: 10,
      reason: 'The candidate does not hold the forklift licence the employer requires.',
    },
    proofs: [
      {
        kind: 'png',
        status: 'REJECTED',
        note: called(3, 'Short call; will call again.'),
        reason: "The screenshot does not show the candidate's number.",
      },
      { kind: 'png', status: 'ACCEPTED', note: called(10, 'Explained the role and the shift pattern.') },
    ],
    rating: 5,
    note: 'Willing and reliable, but no supervisory experience yet.',
  },
  {
    talent: 'danial',
    task: 35,
    daysAgo: 70,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'APPROVED', daysAgo: 43 },
    payment: 'mainPaid',
    proofs: [
      { kind: 'pdf', status: 'ACCEPTED', note: called(12, 'Talked about the territory and commission scheme.') },
    ],
    rating: 10,
    note: 'Above target for three years running; knows the Penang logistics market well.',
  },
  {
    talent: 'putri',
    task: 38,
    daysAgo: 62,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'APPROVED', daysAgo: 42 },
    payment: 'mainPaid',
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(16, 'Confirmed she can relocate to Kuala Lumpur.') }],
    rating: 10,
    note: 'Great Meta Ads results for consumer brands; relocation needed from Jakarta.',
  },
  {
    talent: 'farah',
    task: 38,
    daysAgo: 58,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: ['SCREENING', 'INTERVIEW', 'REJECTED'],
    reward: {
      status: 'INELIGIBLE',
      daysAgo: 40,
      reason: 'The candidate had already applied to the employer directly before this referral.',
    },
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(7, 'Interested in moving into marketing.') }],
    rating: 5,
    note: 'Career switcher from customer support; strong writing in three languages.',
  },
  {
    talent: 'arjun',
    task: 35,
    daysAgo: 60,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'EXCEED_QUOTA', daysAgo: 41, reason: 'The task had already reached its quota of 3 rewards.' },
    proofs: [{ kind: 'pdf', status: 'ACCEPTED', note: called(13, 'Discussed key accounts he could bring.') }],
    rating: 10,
    note: 'Experienced key account manager with a strong manufacturing network.',
  },
  {
    talent: 'ong',
    task: 33,
    daysAgo: 50,
    consent: 'CONFIRMED',
    ita: 'NOT_SENT',
    hiring: ['SCREENING'],
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(10, 'Keen on fintech; asked about hybrid work.') }],
    rating: 10,
    note: 'Published Flutter apps with large user bases.',
  },
  {
    talent: 'kokleong',
    task: 1,
    daysAgo: 4,
    consent: 'PENDING',
    consentResent: true,
    ita: 'NOT_SENT',
    hiring: [],
    proofs: [],
    rating: 10,
    note: 'Also open to Kuala Lumpur roles; consent e-mail resent after he changed his address.',
  },
  {
    talent: 'putri',
    task: 22,
    daysAgo: 12,
    consent: 'CONFIRMED',
    ita: 'SENT',
    hiring: ['SCREENING'],
    proofs: [{ kind: 'pdf', status: 'NEED_REVIEW', note: called(9, 'Prefers a Jakarta-based role after all.') }],
    rating: 10,
    note: 'Strong paid social background, Jakarta based.',
  },
  {
    talent: 'farah',
    task: 7,
    daysAgo: 18,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: ['SCREENING', 'WITHDRAWN'],
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(5, 'Candidate has another offer pending.') }],
    rating: 5,
    note: 'Withdrew after accepting another offer.',
  },
  {
    talent: 'aisyah',
    task: 38,
    daysAgo: 55,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'APPROVED', daysAgo: 3 },
    proofs: [{ kind: 'pdf', status: 'ACCEPTED', note: called(12, 'Discussed marketing analytics work.') }],
    rating: 10,
    note: 'Moved from BI into marketing analytics; good with campaign data.',
  },
  {
    talent: 'wong',
    task: 9,
    daysAgo: 3,
    consent: 'CONFIRMED',
    ita: 'NOT_SENT',
    hiring: [],
    proofs: [],
    rating: 10,
    note: null,
  },
  {
    talent: 'priya',
    task: 17,
    daysAgo: 3,
    consent: 'CONFIRMED',
    ita: 'NOT_SENT',
    hiring: ['SCREENING'],
    proofs: [{ kind: 'pdf', status: 'NEED_REVIEW', note: called(10, 'Confirmed she handles a full set of accounts.') }],
    rating: 10,
    note: 'ACCA part-qualified, used to SST submissions.',
  },
  {
    talent: 'haziq',
    task: 36,
    daysAgo: 75,
    consent: 'PENDING',
    ita: 'NOT_SENT',
    hiring: [],
    reward: { status: 'NOT_VALID', daysAgo: 35, reason: 'The candidate never confirmed consent.' },
    proofs: [],
    rating: 5,
    note: null,
  },
  // The deactivated recruiter's referrals, from before the account was deactivated.
  {
    talent: 'goh',
    task: 35,
    daysAgo: 72,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'APPROVED', daysAgo: 45 },
    payment: 'tanPaid',
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(9, 'Interested in a bigger territory.') }],
    rating: 10,
    note: 'Six years of industrial sales.',
  },
  {
    talent: 'aina',
    task: 35,
    daysAgo: 68,
    consent: 'CONFIRMED',
    ita: 'CONFIRMED',
    hiring: FULL_HIRE,
    reward: { status: 'APPROVED', daysAgo: 44 },
    proofs: [{ kind: 'png', status: 'ACCEPTED', note: called(11, 'Confirmed she has her own car.') }],
    rating: 10,
    note: 'Young, driven business development executive.',
  },
  {
    talent: 'ravi',
    task: 12,
    daysAgo: 27,
    consent: 'CONFIRMED',
    ita: 'SENT',
    hiring: ['SCREENING', 'INTERVIEW'],
    proofs: [{ kind: 'pdf', status: 'NEED_REVIEW', note: called(14, 'Discussed test and assembly experience.') }],
    rating: 10,
    note: 'Eight years in semiconductor; overqualified but interested.',
  },
];

export const PAYMENTS: Record<
  'mainPaid' | 'mainPending' | 'tanPaid',
  { recruiter: RecruiterKey; createdDaysAgo: number; paidDaysAgo: number | null; reference: string | null }
> = {
  mainPaid: { recruiter: 'main', createdDaysAgo: 40, paidDaysAgo: 35, reference: 'MBB-IBG-0001842' },
  mainPending: { recruiter: 'main', createdDaysAgo: 2, paidDaysAgo: null, reference: null },
  tanPaid: { recruiter: 'tan', createdDaysAgo: 33, paidDaysAgo: 30, reference: 'CIMB-IBG-0097315' },
};

export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  ms: 'Malay',
  zh: 'Mandarin',
  ta: 'Tamil',
  id: 'Bahasa Indonesia',
  ko: 'Korean',
  th: 'Thai',
  ja: 'Japanese',
};
