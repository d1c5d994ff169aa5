/**
 * The fixed vocabulary of the sample operation: staff, client programmes, the areas they fly,
 * seasons, camera systems. Kept apart from the generator so the world's look can be tuned here
 * without touching its structure.
 */

/** Twelve staff; names are derivable from the emails (first.last@aerial.example). */
export const STAFF = [
  'dana.whitfield', // data coordinator: assigns surveys
  'marco.alvarez',
  'priya.raman',
  'tom.okafor',
  'lena.fischer',
  'sam.hughes',
  'aiko.tanaka',
  'jordan.price',
  'maria.santos',
  'kevin.oneill',
  'ruth.mbeki',
  'ethan.cole',
] as const;

export const EMAIL_DOMAIN = 'aerial.example';

export interface Programme {
  projectId: string;
  url: string;
  /** Prefix of its capture ids (cpid), e.g. 'DEN'. */
  cpidPrefix: string;
  areas: readonly { name: string; gsd: readonly string[] }[];
}

/** Regional and state imagery programmes the company flies for. */
export const PROGRAMMES: readonly Programme[] = [
  {
    projectId: 'DRAPP',
    url: 'https://programmes.aerial.example/drapp',
    cpidPrefix: 'DEN',
    areas: [
      { name: 'Denver Metro', gsd: ['7.5cm', '15cm'] },
      { name: 'Boulder County', gsd: ['7.5cm', '15cm'] },
      { name: 'Aurora East', gsd: ['15cm'] },
      { name: 'Douglas County', gsd: ['15cm', '30cm'] },
      { name: 'Front Range Foothills', gsd: ['30cm'] },
    ],
  },
  {
    projectId: 'TX-STRATMAP',
    url: 'https://programmes.aerial.example/tx-stratmap',
    cpidPrefix: 'TXS',
    areas: [
      { name: 'Austin Metro', gsd: ['7.5cm', '15cm'] },
      { name: 'Hill Country', gsd: ['30cm'] },
      { name: 'San Antonio North', gsd: ['15cm'] },
      { name: 'Brazos Valley', gsd: ['30cm', '60cm'] },
    ],
  },
  {
    projectId: 'WA-ORTHO',
    url: 'https://programmes.aerial.example/wa-ortho',
    cpidPrefix: 'WAO',
    areas: [
      { name: 'Puget Sound', gsd: ['7.5cm', '15cm'] },
      { name: 'Yakima Valley', gsd: ['30cm'] },
      { name: 'Spokane County', gsd: ['15cm'] },
    ],
  },
  {
    projectId: 'NC-ONEMAP',
    url: 'https://programmes.aerial.example/nc-onemap',
    cpidPrefix: 'NCO',
    areas: [
      { name: 'Research Triangle', gsd: ['7.5cm', '15cm'] },
      { name: 'Outer Banks', gsd: ['15cm'] },
      { name: 'Piedmont West', gsd: ['30cm'] },
    ],
  },
];

/** Oldest first. Spring flies March–May, Fall September–October. */
export const SEASONS = ['2024 Spring', '2024 Fall', '2025 Spring', '2025 Fall', '2026 Spring', '2026 Fall'] as const;
export type Season = (typeof SEASONS)[number];

/** Words for flight plan names: "<area> Block C", "<area> North Strip". */
export const PLAN_SUFFIXES = ['Block A', 'Block B', 'Block C', 'Block D', 'North Strip', 'South Strip', 'Core', 'Fringe', 'Corridor'] as const;
