// @module role
// @imports text: squash
// @exports role, implicitRole
// role.js — an element's role: the WAI-ARIA 1.2 explicit role, else the implicit role from HTML-AAM §4.

const LANDMARK_SCOPE = 'article,aside,main,nav,section';

function implicitRole(el) {
  const tag = el.localName;
  switch (tag) {
    case 'a': case 'area': return el.hasAttribute('href') ? 'link' : 'generic';
    case 'article': return 'article';
    case 'aside': return 'complementary';
    case 'button': return 'button';
    case 'datalist': return 'listbox';
    case 'details': return 'group';
    case 'dialog': return 'dialog';
    case 'fieldset': return 'group';
    case 'figure': return 'figure';
    case 'footer': return el.parentElement && el.parentElement.closest(LANDMARK_SCOPE) ? 'generic' : 'contentinfo';
    case 'header': return el.parentElement && el.parentElement.closest(LANDMARK_SCOPE) ? 'generic' : 'banner';
    case 'form': return 'form';
    case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
    case 'hr': return 'separator';
    case 'img': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    case 'input': {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (type === 'hidden') return '';
      if (el.hasAttribute('list')) return 'combobox';
      if (type === 'search') return 'searchbox';
      // HTML-AAM maps password to no role; Chromium exposes it as a textbox, and so do locator engines.
      return 'textbox';
    }
    case 'li': return 'listitem';
    case 'main': return 'main';
    case 'math': return 'math';
    case 'menu': case 'ol': case 'ul': return 'list';
    case 'meter': return 'meter';
    case 'nav': return 'navigation';
    case 'option': return 'option';
    case 'output': return 'status';
    case 'p': return 'paragraph';
    case 'progress': return 'progressbar';
    case 'search': return 'search';
    case 'section':  // HTML-AAM: region only when it has an accessible name (author-provided here)
      return (el.getAttribute('aria-label') || '').trim() || el.getAttribute('aria-labelledby') || (el.getAttribute('title') || '').trim()
        ? 'region' : 'generic';
    case 'select': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    case 'table': return 'table';
    case 'tbody': case 'thead': case 'tfoot': return 'rowgroup';
    case 'td': return 'cell';
    case 'th': return el.closest('thead') || el.getAttribute('scope') === 'col' ? 'columnheader' : 'rowheader';
    case 'tr': return 'row';
    case 'textarea': return 'textbox';
    case 'dd': return 'definition';
    case 'dt': return 'term';
    case 'code': return 'code';
    case 'blockquote': return 'blockquote';
    case 'svg': return 'graphics-document';
    case 'div': case 'span': case 'b': case 'i': case 'u': case 'small': case 'samp': case 'pre': return 'generic';
    default: return '';
  }
}

function role(el) {
  const explicit = squash(el.getAttribute('role')).split(' ')[0];
  return explicit || implicitRole(el);
}
