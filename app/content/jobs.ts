// The open positions, fixed by the product: hard-coded, typed content. The ids
// are part of the public URLs /careers/{id}; never renumber them.

export type JobPosting = {
  id: string;
  title: string;
  /** One or two sentences for the card on /careers. */
  description: string;
  location: string;
  duration: string;
  type: "Internship" | "Full-time";
  about: string;
  responsibilities: string[];
  qualifications: string[];
  benefits: string[];
};

const REMOTE_OR_LONDON = "Remote (EU, UK or US) or London";

export const JOBS: JobPosting[] = [
  {
    id: "1",
    title: "Research Scientist Intern (PhD)",
    description:
      "Work with our research team on continual learning for AI agents: how agents absorb an organization's knowledge and expert playbooks, and keep improving in production without forgetting.",
    location: REMOTE_OR_LONDON,
    duration: "3 months, extendable to 6",
    type: "Internship",
    about:
      "Our agents learn on the job: every pipeline they build, every review they receive and every incident they resolve becomes knowledge they reuse. Making that learning reliable is an open research problem. As a PhD research intern you will own a focused question at the heart of it (for example memory and retrieval for long-lived agents, learning from sparse human feedback, or evaluating agents on real engineering work), run rigorous experiments on realistic enterprise data tasks, and take your results from idea to a result our product team can ship. You will work directly with our founders and research engineers, and we encourage publishing what we learn.",
    responsibilities: [
      "Define a research question with the team and design experiments that answer it convincingly.",
      "Build and run evaluations of agents on realistic data engineering, analytics and machine learning tasks.",
      "Prototype methods for continual learning, memory and retrieval, or learning from human feedback.",
      "Analyse results honestly, including the negative ones, and share them in written reports and team talks.",
      "Work with engineers to turn promising results into features our customers use.",
      "Contribute to a paper, a technical blog post or an open-source release where the work allows.",
    ],
    qualifications: [
      "Currently enrolled in a PhD in machine learning, computer science, statistics or a related field.",
      "Research experience in one or more of: large language models, reinforcement learning, continual learning, information retrieval or program synthesis, shown by publications or substantial projects.",
      "Strong Python and hands-on experience with a modern deep learning stack such as PyTorch or JAX.",
      "Comfort designing experiments, choosing baselines and reporting results with appropriate statistics.",
      "Clear written communication in English.",
      "Nice to have: experience with agent frameworks, evaluation benchmarks or large-scale data systems.",
    ],
    benefits: [
      "Competitive internship stipend.",
      "Real research ownership and mentorship from experienced researchers and founders.",
      "Compute budget for your experiments.",
      "Flexible hours and remote work from the EU, the UK or the US, or from our London office.",
      "Support for publishing and presenting your work.",
      "A clear path to a full-time role for strong interns.",
    ],
  },
  {
    id: "2",
    title: "Founding Engineer",
    description:
      "Build the platform our continuously learning agents run on, from agent runtime to enterprise deployment, as one of the first engineers on a small, senior team.",
    location: REMOTE_OR_LONDON,
    duration: "Permanent",
    type: "Full-time",
    about:
      "We ship AI agents that join enterprise data teams, learn how the organization works and deliver production pipelines, dashboards and models on the customer's existing stack, as a dedicated SaaS platform or on-premise. As a founding engineer you will shape that product end to end: the runtime that plans and executes agent work safely, the knowledge layer that lets agents learn from every task, the integrations with customers' warehouses and tools, and the deployment that makes all of it enterprise ready. You will talk to customers, make architecture decisions that last, and set the engineering culture of the company.",
    responsibilities: [
      "Design, build and operate core parts of the agent platform, from the execution runtime to the APIs and web application.",
      "Build integrations with data warehouses, orchestration tools, version control and the other systems our customers run.",
      "Make on-premise and dedicated SaaS deployments secure, observable and easy to operate.",
      "Turn research prototypes into reliable, tested production features.",
      "Work directly with customers to understand their workflows and unblock their deployments.",
      "Set engineering standards for code review, testing, incident response and documentation, and help hire the team that follows.",
    ],
    qualifications: [
      "5+ years building and operating production software, ideally including distributed systems or data infrastructure.",
      "Strong skills in Python and TypeScript, or in one of them and the willingness to learn the other quickly.",
      "Experience with cloud infrastructure, containers and infrastructure as code.",
      "Hands-on experience building products with large language models, or a strong wish to learn fast.",
      "Ownership: you ship, measure and improve without waiting to be asked.",
      "Clear communication with engineers and non-engineers alike.",
      "Nice to have: early-stage startup experience, enterprise or on-premise delivery, or open-source contributions.",
    ],
    benefits: [
      "Competitive salary and meaningful founding-team equity.",
      "Remote work from the EU, the UK or the US, or from our London office.",
      "Latest hardware and a budget for the tools you need.",
      "Annual learning budget for courses, books and conferences.",
      "Regular team offsites.",
      "Generous paid time off.",
    ],
  },
];

export function getJob(id: string): JobPosting | undefined {
  return JOBS.find((job) => job.id === id);
}
