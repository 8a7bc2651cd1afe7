// Streamlit's own words in the page's language (ui/aria_words.py). `data.words` holds
// {name: [Streamlit's English, the page's words]}, `{name}`/`{count}` standing for what
// Streamlit puts there. A word is replaced only where a rule below finds it: on the element
// Streamlit puts it on, and only when the whole string is Streamlit's, so a project's or a
// player's text is never touched. Words only, never from text pasted into this code.
const SELECTS = ['[data-testid="stSelectbox"]', '[data-testid="stMultiSelect"]'];
const LISTS = ['[data-testid="stSelectboxVirtualDropdown"]', '[data-testid="stMultiSelectDropdown"]'];
const within = (places, selector) => places.map((place) => `${place} ${selector}`).join(", ");

// Where each word is: an attribute of the elements a selector finds, or (no attribute) their
// one text node, changed in place so that React, which holds that node, goes on updating it.
const RULES = [
  // The button that opens the list; the open list is named after it too (aria-labelledby).
  {
    selector: within(SELECTS, 'button[aria-haspopup="listbox"]'),
    attribute: "aria-label",
    words: ["open"],
  },
  {
    selector: within(SELECTS, '[role="group"] > button:not([aria-haspopup])'),
    attribute: "aria-label",
    words: ["clear_all", "clear_value"],
  },
  { selector: within(SELECTS, "[data-tag] > button"), attribute: "aria-label", words: ["remove"] },
  {
    selector: within(SELECTS, '[data-testid="stMultiSelectTagsContainer"] > [role="group"]'),
    attribute: "aria-label",
    words: ["selected_values"],
  },
  {
    selector: within(SELECTS, 'input[role="combobox"]'),
    attribute: "placeholder",
    words: ["choose_option", "choose_options", "no_options"],
  },
  // In the open list: its first option ("Select all"), what it says when it offers nothing,
  // and the hidden button that closes it.
  {
    selector: within(LISTS, '[data-key^="__select_"] [data-item-hl]'),
    words: ["select_all", "select_matches"],
  },
  {
    selector: within(LISTS, '[role="listbox"] > [role="option"] > span'),
    words: ["no_results", "max_selections", "max_selections_one"],
  },
  { selector: within(LISTS, "button[aria-label]"), attribute: "aria-label", words: ["dismiss"] },
  // The link to the page's main part that a keyboard meets first (every page has it).
  { selector: 'a[data-testid="stSkipToContent"]', words: ["skip_to_content"] },
  // A file uploader's hidden file field, which its dropzone's button opens.
  {
    selector: '[data-testid="stFileUploader"] input[type="file"]',
    attribute: "aria-label",
    words: ["file_upload"],
  },
];
const SELECTOR = RULES.map((rule) => rule.selector).join(", ");

// One observer for the document, the last mounted instance's (a page's run may mount a
// new one before Streamlit removes the old one, or remove it before mounting the next). The
// words in place now are kept: another language picked on the same page (the home page's
// switch) first puts Streamlit's English back, which React, whose attributes did not change,
// would not. An instance that leaves changes nothing: the next one takes over from the words
// in place (putting Streamlit's English back there would leave it on the page until then, as
// a page's run that moves this component does).
let observer = null;
let shown = {};

// A word's English as a pattern: the whole string, its `{...}` parts kept to be put back.
function pattern(english) {
  const parts = english.split(/\{(\w+)\}/);
  const source = parts.map((part, at) => (at % 2 ? "(.+?)" : literal(part))).join("");
  return { regex: new RegExp(`^${source}$`), names: parts.filter((_, at) => at % 2) };
}

function literal(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// The rules with their words ({name: [from, to]}), each word's `from` as a pattern.
function compile(words) {
  return RULES.map((rule) => ({
    ...rule,
    words: rule.words
      .filter((name) => words[name])
      .map((name) => ({ ...pattern(words[name][0]), to: words[name][1] })),
  })).filter((rule) => rule.words.length);
}

// `words` the other way round: the page's words back to Streamlit's English.
function flipped(words) {
  return Object.fromEntries(Object.entries(words).map(([name, [from, to]]) => [name, [to, from]]));
}

// What `text` becomes if it is one of the rule's strings, else null.
function said(rule, text) {
  for (const word of rule.words) {
    const found = text.match(word.regex);
    if (!found) continue;
    const values = Object.fromEntries(word.names.map((name, at) => [name, found[at + 1]]));
    return word.to.replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? whole);
  }
  return null;
}

function relabel(rules) {
  if (!rules.length) return;
  for (const element of document.querySelectorAll(SELECTOR)) {
    for (const rule of rules) {
      if (!element.matches(rule.selector)) continue;
      if (rule.attribute) {
        const to = said(rule, element.getAttribute(rule.attribute) || "");
        if (to !== null) element.setAttribute(rule.attribute, to);
      } else if (element.childNodes.length === 1 && element.firstChild.nodeType === Node.TEXT_NODE) {
        const to = said(rule, element.firstChild.nodeValue);
        if (to !== null) element.firstChild.nodeValue = to;
      }
    }
  }
}

// Put `words` in place (none: Streamlit's English) and keep them there.
function speak(words) {
  if (observer) observer.disconnect();
  observer = null;
  if (JSON.stringify(words) !== JSON.stringify(shown)) relabel(compile(flipped(shown)));
  shown = words;
  const rules = compile(words);
  if (!rules.length) return;
  relabel(rules);
  // Our own changes come back here once, and then match no rule's string.
  observer = new MutationObserver(() => relabel(rules));
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ["aria-label", "placeholder"],
  });
}

export default function (component) {
  const { data } = component;
  document.documentElement.lang = data.lang;
  speak(data.words);
}
