import { Parser } from "htmlparser2";

// What a browser without scripts shows of an answer's HTML, read without a
// browser: a no-JS form post checked with Playwright's `request`.

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const UNSEEN = new Set(["script", "style", "template", "title"]);

type Element = {
  name: string;
  attributes: Record<string, string>;
  text: string;
  parent?: Element;
};

/** The document's elements in order, each with the text inside it. */
function elementsOf(html: string) {
  const elements: Element[] = [];
  const open: Element[] = [];
  let unseen = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element: Element = {
          name,
          attributes,
          text: "",
          parent: open.at(-1),
        };
        elements.push(element);
        if (UNSEEN.has(name)) unseen += 1;
        if (!VOID.has(name)) open.push(element);
      },
      ontext(text) {
        if (unseen > 0) return;
        for (const element of open) element.text += text;
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        if (UNSEEN.has(name)) unseen -= 1;
        const at = open.findLastIndex((element) => element.name === name);
        if (at >= 0) open.length = at;
      },
    },
    { decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return elements;
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

export type ServedHtml = ReturnType<typeof servedHtml>;

export function servedHtml(html: string) {
  const elements = elementsOf(html);
  const body = elements.find((element) => element.name === "body");
  const within = (element: Element, ancestor: Element) => {
    for (let at = element.parent; at; at = at.parent) {
      if (at === ancestor) return true;
    }
    return false;
  };
  const byId = (id: string) => {
    const found = elements.find((element) => element.attributes.id === id);
    if (!found) throw new Error(`no element #${id} in the answer`);
    return found;
  };
  return {
    /** The page's words, whitespace squeezed. */
    text: squeeze(body?.text ?? ""),
    /** The words of the element with this id. */
    textOf: (id: string) => squeeze(byId(id).text),
    /** Whether the element with this id, or a box around it, is `hidden`. */
    hidden(id: string) {
      for (let at: Element | undefined = byId(id); at; at = at.parent) {
        if ("hidden" in at.attributes) return true;
      }
      return false;
    },
    /**
     * The form with this id (or, for `/path`, with this action) as a browser
     * posts it: its action and method, the
     * names of its fields and buttons (inside it or naming it in `form=`),
     * and what it sends untouched: each field's served value, checked boxes
     * only.
     */
    form(which: string) {
      const form = which.startsWith("/")
        ? elements.find(
            (element) =>
              element.name === "form" && element.attributes.action === which,
          )
        : byId(which);
      if (!form) throw new Error(`no form ${which} in the answer`);
      const id = form.attributes.id;
      const controls = elements.filter(
        (element) =>
          ["input", "textarea", "select", "button"].includes(element.name) &&
          element.attributes.name &&
          !("disabled" in element.attributes) &&
          ((id !== undefined && element.attributes.form === id) ||
            within(element, form)),
      );
      const sent: Record<string, string> = {};
      for (const control of controls) {
        const name = control.attributes.name!;
        const type = control.attributes.type ?? "";
        if (control.name === "button" || control.name === "select") continue;
        if (["checkbox", "radio"].includes(type)) {
          if ("checked" in control.attributes) {
            sent[name] = control.attributes.value ?? "on";
          }
        } else if (type !== "file" && type !== "submit") {
          sent[name] =
            control.name === "textarea"
              ? control.text.replace(/^\n/, "")
              : (control.attributes.value ?? "");
        }
      }
      return {
        action: form.attributes.action ?? "",
        method: form.attributes.method ?? "get",
        encType: form.attributes.enctype,
        names: new Set(controls.map((control) => control.attributes.name!)),
        files: controls
          .filter((control) => control.attributes.type === "file")
          .map((control) => control.attributes.name!),
        sent,
      };
    },
    /** Whether an element with this id is in the answer. */
    has: (id: string) =>
      elements.some((element) => element.attributes.id === id),
    /**
     * The value a field named `name` shows (input or textarea), inside the
     * form with id `formId` when given; undefined when there is no field.
     */
    value(name: string, formId?: string) {
      const form = formId ? byId(formId) : undefined;
      const field = elements.find(
        (element) =>
          (element.name === "input" || element.name === "textarea") &&
          element.attributes.name === name &&
          (!form || within(element, form)),
      );
      if (!field) return undefined;
      return field.name === "textarea"
        ? field.text.replace(/^\n/, "")
        : (field.attributes.value ?? "");
    },
    /** The toast the answer shows, as app/components/toast.tsx renders it. */
    toast: (() => {
      const toast = elements.find(
        (element) => element.attributes["data-testid"] === "toast",
      );
      if (!toast) return undefined;
      const part = (name: string) =>
        squeeze(
          elements.find(
            (element) =>
              element.attributes.class === name && within(element, toast),
          )?.text ?? "",
        );
      return {
        role: toast.attributes.role,
        title: part("toast-title"),
        description: part("toast-description"),
      };
    })(),
    /** The words of every `role="alert"` and `role="status"` element. */
    announcements: elements
      .filter((element) =>
        ["alert", "status"].includes(element.attributes.role ?? ""),
      )
      .map((element) => squeeze(element.text)),
    /** The href of the first link whose words match. */
    linkTo(words: string | RegExp) {
      const link = elements.find(
        (element) =>
          element.name === "a" &&
          (typeof words === "string"
            ? squeeze(element.text) === words
            : words.test(squeeze(element.text))),
      );
      return link?.attributes.href;
    },
  };
}
