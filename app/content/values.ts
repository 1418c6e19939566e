import type { IconName } from "#app/components/icon.tsx";

// The six company values, in the product's order and words: keep them word for word.

export type CompanyValue = {
  name: string;
  icon: IconName;
  description: string;
  quote?: { text: string; author: string };
};

export const COMPANY_VALUES: CompanyValue[] = [
  {
    name: "Mastery",
    icon: "target",
    description:
      "We hold ourselves to the standard of the best engineers in the world and keep practising until the hard things look easy.",
  },
  {
    name: "Compassion",
    icon: "heart",
    description:
      "We build for people. We listen to customers and colleagues with care, and we assume good intent.",
  },
  {
    name: "Constructive",
    icon: "bulb",
    description:
      "We criticise ideas, never people, and every critique comes with a way forward.",
  },
  {
    name: "Transparency",
    icon: "eye",
    description:
      "We share context, decisions and mistakes openly, so everyone can do their best work with the full picture.",
  },
  {
    name: "Science First",
    icon: "flask",
    description:
      "We form hypotheses, run experiments and let the evidence decide, even when it disagrees with us.",
    quote: {
      text: "It doesn't matter how beautiful your theory is, it doesn't matter how smart you are. If it doesn't agree with experiment, it's wrong.",
      author: "Richard Feynman",
    },
  },
  {
    name: "Honesty",
    icon: "scale",
    description:
      "We say what we know, admit what we don't, and never overstate what our agents can do.",
  },
];
