// Google's documented rules for JobPosting structured data (Search Central,
// "Job posting (JobPosting) structured data"): the required properties, the
// recommended ones this site gives, and the remote-work rules.

type Ld = Record<string, unknown>;

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EMPLOYMENT_TYPES = [
  "FULL_TIME",
  "PART_TIME",
  "CONTRACTOR",
  "TEMPORARY",
  "INTERN",
  "VOLUNTEER",
  "PER_DIEM",
  "OTHER",
];
const UNITS = ["HOUR", "DAY", "WEEK", "MONTH", "YEAR"];

const isObject = (value: unknown): value is Ld =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asList = (value: unknown) =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];
const filled = (value: unknown) =>
  typeof value === "string" && value.trim() !== "";

/** Every way the object breaks Google's rules; empty when it is eligible. */
export function googleProblems(ld: Ld): string[] {
  const problems: string[] = [];
  if (ld["@type"] !== "JobPosting") problems.push("@type is not JobPosting");
  // Required.
  if (!filled(ld.title)) problems.push("title is required");
  if (!filled(ld.description)) problems.push("description is required");
  else if (!/<[a-z][^>]*>/i.test(String(ld.description)))
    problems.push("description should be HTML");
  else if (ld.description === ld.title)
    problems.push("description must not be the title");
  if (!filled(ld.datePosted) || !ISO_DATE.test(String(ld.datePosted)))
    problems.push("datePosted is required, in ISO 8601");
  const organization = ld.hiringOrganization;
  if (!isObject(organization) || !filled(organization.name))
    problems.push("hiringOrganization with a name is required");
  const telecommute = ld.jobLocationType === "TELECOMMUTE";
  if (ld.jobLocationType !== undefined && !telecommute)
    problems.push("jobLocationType's only value is TELECOMMUTE");
  const places = asList(ld.jobLocation);
  if (places.length === 0 && !telecommute)
    problems.push("jobLocation is required unless the job is fully remote");
  for (const place of places) {
    const address = isObject(place) ? place.address : undefined;
    if (
      !isObject(place) ||
      place["@type"] !== "Place" ||
      !isObject(address) ||
      !filled(address.addressCountry)
    )
      problems.push("jobLocation must be a Place with an addressCountry");
  }
  // Remote work.
  const requirements = asList(ld.applicantLocationRequirements);
  if (telecommute && requirements.length === 0)
    problems.push(
      "a TELECOMMUTE job needs at least one applicantLocationRequirements",
    );
  if (!telecommute && requirements.length > 0)
    problems.push(
      "applicantLocationRequirements belong to a TELECOMMUTE job only",
    );
  for (const requirement of requirements) {
    if (
      !isObject(requirement) ||
      !["Country", "State", "AdministrativeArea"].includes(
        String(requirement["@type"]),
      ) ||
      !filled(requirement.name)
    )
      problems.push("applicantLocationRequirements must be named places");
  }
  // Recommended, checked when present and required of this site's pages.
  if (ld.validThrough !== undefined) {
    if (!filled(ld.validThrough) || !ISO_DATE.test(String(ld.validThrough)))
      problems.push("validThrough must be ISO 8601");
    else if (
      Date.parse(String(ld.validThrough)) <= Date.parse(String(ld.datePosted))
    )
      problems.push("validThrough must come after datePosted");
  }
  if (!EMPLOYMENT_TYPES.includes(String(ld.employmentType)))
    problems.push("employmentType must be one of Google's values");
  const identifier = ld.identifier;
  if (
    !isObject(identifier) ||
    identifier["@type"] !== "PropertyValue" ||
    !filled(identifier.name) ||
    !filled(identifier.value)
  )
    problems.push("identifier must be a PropertyValue with a name and value");
  if (typeof ld.directApply !== "boolean")
    problems.push("directApply must be a boolean");
  if (ld.baseSalary !== undefined) {
    const salary = ld.baseSalary;
    const value = isObject(salary) ? salary.value : undefined;
    if (
      !isObject(salary) ||
      salary["@type"] !== "MonetaryAmount" ||
      !/^[A-Z]{3}$/.test(String(salary.currency)) ||
      !isObject(value) ||
      value["@type"] !== "QuantitativeValue" ||
      !UNITS.includes(String(value.unitText)) ||
      !(
        typeof value.value === "number" ||
        (typeof value.minValue === "number" &&
          typeof value.maxValue === "number" &&
          value.minValue <= value.maxValue)
      )
    )
      problems.push(
        "baseSalary must be a MonetaryAmount with a currency, a QuantitativeValue and a unitText",
      );
  }
  return problems;
}
