// The privacy notice (/privacy) as the product fixed it: what the site counts
// and how (decisions 160, 162). It is the seed of the page's content, edited
// at /admin/pages/privacy; the migration that seeds it holds the same JSON.

export const PRIVACY_NOTICE = {
  title: "Privacy: what we count",
  summary:
    "This site counts visits without cookies and keeps nothing in your browser.",
  body: "We count page views on our own servers, without cookies and without storing anything in your browser. To tell visitors apart for one day, we keep a one-way hash of your IP address and browser name mixed with a random value that changes daily and is deleted after two days; your IP address itself is never stored. We keep which page you viewed, the site that linked to it, any campaign tags in the link, your device type (desktop, mobile or tablet) and, where our content delivery network tells us, your country. When you send us a form, we note the page you first arrived on that day and the site that sent you there, not who you are. Page views are deleted after 30 days; only daily totals are kept. Signed-in team members and known bots are not counted.",
} as const;
