/*
 * The template playground (GET /playground). It calls this service's public API only, with the
 * token pasted into the page. The token is kept in this script's memory (and the password field)
 * only: never in localStorage, sessionStorage, a cookie or a URL, so a reload forgets it.
 * No inline script or event handler: the page's Content-Security-Policy allows script from 'self'.
 */
(function playground() {
  'use strict';

  /** The output formats each input format renders to (contract 8). */
  const OUTPUTS = { json: ['pdf'], html: ['pdf', 'html'], md: ['pdf', 'html'], txt: ['pdf', 'txt'] };
  const RENDER_DELAY_MS = 500;
  /** config-service's demo UI template (its demo data), offered for templates that read a branding. */
  const DEMO_BRANDING = 'canton-demo';
  const TOKEN_DELAY_MS = 300;
  /** How often a job being followed is read again, and the states it ends in (contract 10). */
  const JOB_POLL_MS = 1000;
  const JOB_FINISHED = ['succeeded', 'failed', 'cancelled'];
  /** Copies of the data a job's items start as, for the author to vary. */
  const JOB_ITEM_COPIES = 3;

  const STARTER_TEMPLATE = `{
  "info": { "title": "Grüezi {{name}}" },
  "content": [
    { "text": "Grüezi {{name}}", "fontSize": 20, "bold": true },
    { "text": "Total {{chf (sum lines 'quantity' 'unitPrice')}}", "margin": [0, 12, 0, 0] }
  ]
}
`;
  const STARTER_DATA = {
    name: 'Zoë',
    lines: [
      { quantity: 2, unitPrice: 12.5 },
      { quantity: 1, unitPrice: 99 },
    ],
  };

  const byId = (id) => document.getElementById(id);
  const hasValue = (value) => value !== null && value !== undefined;
  const ui = {
    token: byId('token'),
    apiBase: byId('api-base'),
    status: byId('status'),
    select: byId('template-select'),
    templatesNote: byId('templates-note'),
    inputFormat: byId('input-format'),
    outputFormat: byId('output-format'),
    locale: byId('locale'),
    localeNote: byId('locale-note'),
    mode: byId('mode'),
    editor: byId('template-editor'),
    gutter: byId('template-gutter'),
    template: byId('template'),
    lineProblem: byId('template-problem'),
    data: byId('data'),
    options: byId('options'),
    branding: byId('branding'),
    saveName: byId('save-name'),
    save: byId('save'),
    saveStatus: byId('save-status'),
    jobItems: byId('job-items'),
    jobResult: byId('job-result'),
    jobFileName: byId('job-file-name'),
    jobStart: byId('job-start'),
    jobStatus: byId('job-status'),
    jobDownload: byId('job-download'),
    jobProblem: byId('job-problem'),
    jobFailures: byId('job-failures'),
    problem: byId('problem'),
    notes: byId('notes'),
    pdfPreview: byId('pdf-preview'),
    textPreview: byId('text-preview'),
    placeholder: byId('placeholder'),
  };

  /** The bearer token: in this closure only. */
  let token = '';
  /** The saved version picked from the list: { name, version, data }; null for an own template. */
  let selected = null;
  /** The template problem shown beside its line: { line, column, message }. */
  let lineProblem = null;
  let renderTimer;
  let tokenTimer;
  let renderController = null;
  let renderSequence = 0;
  let previewUrl = null;
  let gutterLines = 0;
  /** The job's items are copies of the data until the author edits them (or empties them again). */
  let itemsAreCopies = true;
  /** True from a job's start until it has finished: picking another template stops following it. */
  let jobFollowed = false;
  let jobTimer;
  let jobController = null;
  let jobSequence = 0;
  let jobResultUrl = null;

  // ---- status and problems ----

  function setStatus(text, failed) {
    ui.status.textContent = text;
    ui.status.classList.toggle('failed', Boolean(failed));
  }

  function setTemplatesNote(text, failed) {
    ui.templatesNote.textContent = text;
    ui.templatesNote.classList.toggle('failed', Boolean(failed));
  }

  /** The last save's outcome, beside the button: a render's status line must not hide it. */
  function setSaveStatus(text, failed) {
    ui.saveStatus.textContent = text;
    ui.saveStatus.classList.toggle('failed', Boolean(failed));
  }

  function summaryOf(problem) {
    return [problem.status, problem.title, problem.detail].filter(Boolean).join(' · ');
  }

  async function problemOf(response) {
    const type = response.headers.get('content-type') || '';
    if (type.includes('json')) {
      try {
        const body = await response.json();
        if (body && typeof body === 'object') return body;
      } catch {
        // Not JSON after all: shown as text below.
      }
    }
    const text = await response.text().catch(() => '');
    return { status: response.status, title: response.statusText, detail: text.slice(0, 500) };
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clearProblem() {
    ui.problem.hidden = true;
    ui.problem.replaceChildren();
    for (const field of [ui.data, ui.options, ui.editor, ui.saveName, ui.branding])
      field.classList.remove('invalid');
    setLineProblem(null);
  }

  /**
   * Writes an RFC 9457 problem into `box` (status and title, detail, each path of `errors` with its
   * messages, code and correlation id), as text only; answers the paths.
   */
  function writeProblem(box, problem) {
    const heading = element('h2', '', [problem.status, problem.title].filter(Boolean).join(' '));
    box.replaceChildren(heading);
    if (problem.detail) box.append(element('p', 'detail', problem.detail));
    const errors = problem.errors && typeof problem.errors === 'object' ? problem.errors : {};
    const paths = Object.keys(errors);
    if (paths.length > 0) {
      const list = element('ul');
      for (const path of paths) {
        const messages = Array.isArray(errors[path]) ? errors[path].join('; ') : String(errors[path]);
        list.append(element('li', '', `${path}: ${messages}`));
      }
      box.append(list);
    }
    const meta = [
      problem.code && `code ${problem.code}`,
      problem.correlationId && `correlation id ${problem.correlationId}`,
    ]
      .filter(Boolean)
      .join(' · ');
    if (meta) box.append(element('p', 'meta', meta));
    box.hidden = false;
    return paths;
  }

  /** Marks the fields whose names begin the problem's paths (`items[2].name`: items). */
  function markFields(fields, paths) {
    for (const path of paths) {
      const field = fields[path.split(/[.[]/)[0]];
      if (field) field.classList.add('invalid');
    }
  }

  /** Shows an RFC 9457 problem beside the preview, and at its line when it names one. */
  function showProblem(problem) {
    clearProblem();
    const paths = writeProblem(ui.problem, problem);
    const fields = {
      templateData: ui.editor,
      data: ui.data,
      sampleData: ui.data,
      rendererOptions: ui.options,
      templateName: ui.saveName,
      branding: ui.branding,
    };
    markFields(fields, paths);
    if (Number.isInteger(problem.line) && problem.line >= 1) {
      ui.editor.classList.add('invalid');
      const column = Number.isInteger(problem.column) && problem.column >= 1 ? problem.column : 1;
      setLineProblem({
        line: problem.line,
        column,
        message: problem.detail || problem.title || 'Problem here',
      });
    }
  }

  /** A path of X-Render-Missing, percent-encoded beyond printable ASCII, as the template has it. */
  function decodedPath(path) {
    try {
      return decodeURIComponent(path);
    } catch {
      return path;
    }
  }

  /**
   * What a document's response reports beside it: the template paths the data has no value for
   * (X-Render-Missing, capped; X-Render-Missing-Count counts them all) and what the document could
   * not honour of its template (X-Render-Warnings, CSS a PDF cannot draw). Hidden when neither.
   */
  function showNotes(headers) {
    ui.notes.replaceChildren();
    const missing = (headers.get('x-render-missing') || '').split(', ').filter(Boolean).map(decodedPath);
    const count = Math.max(Number(headers.get('x-render-missing-count')) || 0, missing.length);
    if (missing.length > 0) {
      const more = count > missing.length ? ` and ${count - missing.length} more` : '';
      ui.notes.append(element('p', 'missing', `No value in the data for: ${missing.join(', ')}${more}`));
    }
    const warnings = (headers.get('x-render-warnings') || '').split('; ').filter(Boolean);
    if (warnings.length > 0) {
      const list = element('ul', 'warnings');
      for (const warning of warnings) list.append(element('li', '', warning));
      ui.notes.append(element('p', '', 'Not honoured in the document:'), list);
    }
    ui.notes.hidden = ui.notes.childElementCount === 0;
  }

  /** The renderer options' own locale, when their JSON names one. */
  function optionsLocale() {
    try {
      const options = JSON.parse(ui.options.value);
      return options && typeof options.locale === 'string' ? options.locale : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Beside the locale menu: which locale the document was written in when it is not the menu's.
   * The menu is the request's Accept-Language, the last choice: the renderer options' locale or
   * the template's own `<html lang>` go first (Content-Language says which locale won).
   */
  function showLocaleNote(used) {
    const chosen = ui.locale.value;
    const overridden = Boolean(used) && used !== chosen;
    ui.localeNote.hidden = !overridden;
    ui.locale.classList.toggle('overridden', overridden);
    if (!overridden) {
      ui.localeNote.textContent = '';
      return;
    }
    ui.localeNote.textContent =
      optionsLocale() === used
        ? `${used}: the renderer options' locale overrides ${chosen}`
        : `${used}: the template's lang overrides ${chosen}`;
  }

  // ---- the template editor: line numbers and the problem beside its line ----

  function lineCount() {
    return ui.template.value.split('\n').length;
  }

  function updateGutter() {
    const lines = lineCount();
    if (lines !== gutterLines) {
      const fragment = document.createDocumentFragment();
      // Two more than the text so that the gutter can scroll as far as the text (scrollbar).
      for (let line = 1; line <= lines + 2; line += 1) {
        const number = element('span', '', line <= lines ? String(line) : '');
        number.dataset.line = String(line);
        fragment.append(number);
      }
      ui.gutter.replaceChildren(fragment);
      gutterLines = lines;
    }
    for (const number of ui.gutter.querySelectorAll('span.error')) number.classList.remove('error');
    if (lineProblem) {
      const marked = ui.gutter.querySelector(`span[data-line="${lineProblem.line}"]`);
      if (marked) {
        marked.classList.add('error');
        marked.title = lineProblem.message;
      }
    }
    ui.gutter.scrollTop = ui.template.scrollTop;
  }

  let characterWidth = 0;
  function widthOfCharacter() {
    if (!characterWidth) {
      const probe = element('span', '', 'M'.repeat(40));
      probe.style.font = getComputedStyle(ui.template).font;
      probe.style.position = 'absolute';
      probe.style.visibility = 'hidden';
      probe.style.whiteSpace = 'pre';
      document.body.append(probe);
      characterWidth = probe.getBoundingClientRect().width / 40 || 8;
      probe.remove();
    }
    return characterWidth;
  }

  function setLineProblem(problem) {
    lineProblem = problem;
    ui.lineProblem.dataset.line = problem ? String(problem.line) : '';
    ui.lineProblem.dataset.column = problem ? String(problem.column) : '';
    ui.lineProblem.querySelector('.text').textContent = problem
      ? `Line ${problem.line}, column ${problem.column}: ${problem.message}`
      : '';
    ui.lineProblem.hidden = !problem;
    updateGutter();
    placeLineProblem();
  }

  /** Puts the problem just below its line, its caret under its column. */
  function placeLineProblem() {
    if (!lineProblem) return;
    const style = getComputedStyle(ui.template);
    const lineHeight = parseFloat(style.lineHeight) || 20;
    const top =
      ui.template.offsetTop +
      parseFloat(style.paddingTop) +
      lineProblem.line * lineHeight -
      ui.template.scrollTop +
      6;
    const caretX =
      ui.template.offsetLeft +
      parseFloat(style.paddingLeft) +
      (lineProblem.column - 1) * widthOfCharacter() -
      ui.template.scrollLeft;
    const visible = top > 0 && top < ui.editor.clientHeight - 8;
    ui.lineProblem.hidden = !visible;
    if (!visible) return;
    const widest = ui.editor.clientWidth - ui.lineProblem.offsetWidth - 4;
    const left = Math.max(ui.template.offsetLeft, Math.min(caretX - 8, widest));
    ui.lineProblem.style.top = `${top}px`;
    ui.lineProblem.style.left = `${left}px`;
    ui.lineProblem.querySelector('.caret').style.left = `${Math.max(2, caretX - left - 4)}px`;
  }

  /** Scrolls the template so that a problem's line shows. */
  function revealLine(line) {
    const lineHeight = parseFloat(getComputedStyle(ui.template).lineHeight) || 20;
    const top = (line - 1) * lineHeight;
    const bottom = top + 2 * lineHeight;
    if (top < ui.template.scrollTop || bottom > ui.template.scrollTop + ui.template.clientHeight)
      ui.template.scrollTop = Math.max(0, top - ui.template.clientHeight / 3);
  }

  // ---- the API ----

  function apiUrl(path) {
    const base = ui.apiBase.value.trim().replace(/\/+$/, '');
    // A path on this server only: the page's policy lets it connect to its own origin alone.
    if (!/^\/(?!\/)/.test(base) && base !== '')
      throw new Error('API must be a path on this server, like /demo/v10-0');
    return new URL(base + path, window.location.origin).href;
  }

  function call(method, path, body, signal) {
    // The playground's locale, not the browser's: the service reads it where neither the renderer
    // options nor the template's lang name one (it is the request's language).
    const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': ui.locale.value };
    const init = {
      method,
      headers,
      signal,
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(apiUrl(path), init);
  }

  /**
   * A call whose failure is the user's to see: the response when it is a success, else null with
   * the problem shown and `report` (the status line unless named) saying `failed` (or that the
   * service could not be reached).
   */
  async function callOrShowProblem(method, path, body, failed, report = setStatus) {
    let response;
    try {
      response = await call(method, path, body);
    } catch (error) {
      report(`The service could not be reached: ${error.message}`, true);
      return null;
    }
    if (response.ok) return response;
    const problem = await problemOf(response);
    showProblem(problem);
    report(`${failed}: ${summaryOf(problem)}`, true);
    return null;
  }

  // ---- saved templates ----

  function fillTemplateList(templates) {
    const keep = ui.select.value;
    const options = [new Option('(your own template)', '')];
    for (const template of templates) {
      const label = `${template.name} (v${template.latestVersion}${template.inputFormat ? `, ${template.inputFormat}` : ''})`;
      options.push(new Option(label, template.name));
    }
    ui.select.replaceChildren(...options);
    ui.select.value = templates.some((template) => template.name === keep) ? keep : '';
    ui.select.dataset.loaded = String(templates.length);
  }

  async function loadTemplates() {
    if (!token) {
      fillTemplateList([]);
      setTemplatesNote('');
      setStatus('Paste a token to start.');
      return;
    }
    let response;
    try {
      response = await call('GET', '/templates?PageSize=-1&OrderBy=name');
    } catch (error) {
      setTemplatesNote(`The service could not be reached: ${error.message}`, true);
      return;
    }
    if (response.status === 403) {
      fillTemplateList([]);
      setTemplatesNote(
        'This token may not list saved templates (that needs RenderApi_Templates): write your own.',
      );
      return;
    }
    if (!response.ok) {
      fillTemplateList([]);
      setTemplatesNote(`The templates could not be listed: ${summaryOf(await problemOf(response))}`, true);
      return;
    }
    const templates = await response.json();
    const list = Array.isArray(templates) ? templates : [];
    fillTemplateList(list);
    setTemplatesNote(`${list.length} saved template${list.length === 1 ? '' : 's'}`);
  }

  async function pickTemplate(name) {
    clearProblem();
    // A job of the template left is not followed further; a finished one's result stays offered.
    if (jobFollowed) stopFollowingJob('another template was picked');
    // A name typed for the previous template must not save this one over another by mistake.
    ui.saveName.value = '';
    ui.saveName.placeholder = name ? `template name (${name} for a new version of it)` : 'template name';
    if (!name) {
      selected = null;
      updateMode();
      scheduleRender(0);
      return;
    }
    const response = await callOrShowProblem(
      'GET',
      `/templates/${encodeURIComponent(name)}`,
      undefined,
      'The template could not be read',
    );
    if (!response) return;
    const template = await response.json();
    if (ui.select.value !== name) return; // Another was picked meanwhile.
    selected = { name: template.name, version: template.version, data: template.data };
    ui.template.value = template.data;
    if (template.inputFormat) ui.inputFormat.value = template.inputFormat;
    ui.data.value = hasValue(template.sampleData)
      ? `${JSON.stringify(template.sampleData, null, 2)}\n`
      : '{}';
    copyDataToItems();
    // A template that reads a branding renders with the demo canton's until another is named.
    if (/\bbranding/.test(template.data) && ui.branding.value.trim() === '')
      ui.branding.value = DEMO_BRANDING;
    ui.template.scrollTop = 0;
    syncOutputs();
    updateGutter();
    updateMode();
    scheduleRender(0);
  }

  async function saveTemplate() {
    clearProblem();
    const name = ui.saveName.value.trim();
    if (!token) return setSaveStatus('Paste a token first.', true);
    if (!name) {
      ui.saveName.classList.add('invalid');
      return setSaveStatus('Name the template to save it.', true);
    }
    // The save is the user's latest act: a render of the text being saved, pending or on its way,
    // must not clear the save's problem when it lands (the saved version is rendered afterwards).
    // A save refused before it is sent leaves the edit's render alone.
    cancelRender();
    setSaveStatus('Saving…');
    const body = { data: ui.template.value, inputFormat: ui.inputFormat.value };
    // The data is kept as the version's sample data, as JSON text: the service checks it.
    if (ui.data.value.trim() !== '') body.sampleData = ui.data.value;
    const response = await callOrShowProblem(
      'PUT',
      `/templates/${encodeURIComponent(name)}`,
      body,
      'Not saved',
      setSaveStatus,
    );
    if (!response) return;
    const saved = await response.json();
    selected = { name: saved.name, version: saved.version, data: saved.data };
    await loadTemplates();
    ui.select.value = saved.name;
    updateMode();
    setSaveStatus(
      `Saved ${saved.name}@${saved.version}${hasValue(saved.sampleData) ? ' with its sample data' : ''}.`,
    );
    scheduleRender(0);
  }

  // ---- rendering ----

  function usesSavedVersion() {
    return selected !== null && ui.template.value === selected.data;
  }

  function updateMode() {
    ui.mode.textContent = usesSavedVersion()
      ? `renders the saved ${selected.name}@${selected.version}`
      : selected
        ? `renders your edit of ${selected.name} (inline, not saved)`
        : 'renders your template (inline)';
  }

  function syncOutputs() {
    const allowed = OUTPUTS[ui.inputFormat.value] || ['pdf'];
    for (const option of ui.outputFormat.options) option.disabled = !allowed.includes(option.value);
    if (!allowed.includes(ui.outputFormat.value)) ui.outputFormat.value = allowed[0];
  }

  /** Drops the render waiting for its delay and ignores the one on its way. */
  function cancelRender() {
    clearTimeout(renderTimer);
    renderController?.abort();
    renderSequence += 1;
  }

  function scheduleRender(delay) {
    clearTimeout(renderTimer);
    renderTimer = setTimeout(() => void render(), delay === undefined ? RENDER_DELAY_MS : delay);
  }

  function bytesText(size) {
    return size < 1024 ? `${size} bytes` : `${(size / 1024).toFixed(1)} KiB`;
  }

  function showDocument(blob, label, milliseconds) {
    const type = blob.type.split(';')[0].trim();
    const isPdf = type === 'application/pdf';
    const frame = isPdf ? ui.pdfPreview : ui.textPreview;
    const other = isPdf ? ui.textPreview : ui.pdfPreview;
    const previous = previewUrl;
    previewUrl = URL.createObjectURL(blob);
    other.hidden = true;
    other.removeAttribute('src');
    frame.classList.remove('stale');
    frame.dataset.contentType = type;
    frame.src = previewUrl;
    frame.hidden = false;
    ui.placeholder.hidden = true;
    if (previous) URL.revokeObjectURL(previous);
    setStatus(`${label} → ${type}, ${bytesText(blob.size)} in ${milliseconds} ms`);
  }

  /**
   * What a render or a job asks of its template: the saved version by name while its text is
   * unchanged (`saved`), else the text inline; the formats, the renderer options and the branding.
   */
  function templateFields(saved) {
    const fields = { inputFormat: ui.inputFormat.value, outputFormat: ui.outputFormat.value };
    if (saved) fields.templateName = `${selected.name}@${selected.version}`;
    else fields.templateData = ui.template.value;
    // rendererOptions travels as JSON text, as the reference has it (data too).
    if (ui.options.value.trim() !== '') fields.rendererOptions = ui.options.value;
    if (ui.branding.value.trim() !== '') fields.branding = ui.branding.value.trim();
    return fields;
  }

  async function render() {
    clearTimeout(renderTimer);
    if (!token) return setStatus('Paste a token to render.');
    const saved = usesSavedVersion();
    if (!saved && ui.template.value.trim() === '') return setStatus('Write a template, or pick a saved one.');
    renderController?.abort();
    const controller = new AbortController();
    renderController = controller;
    const sequence = (renderSequence += 1);
    const body = templateFields(saved);
    if (ui.data.value.trim() !== '') body.data = ui.data.value;
    setStatus('Rendering…');
    const started = performance.now();
    let response;
    let blob;
    try {
      response = await call('POST', '/render', body, controller.signal);
      if (response.ok) blob = await response.blob();
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus(`The service could not be reached: ${error.message}`, true);
      return;
    }
    if (sequence !== renderSequence) return; // A newer render is on its way.
    if (!response.ok) {
      const problem = await problemOf(response);
      if (sequence !== renderSequence) return;
      showProblem(problem);
      // The last good document stays, dimmed, until a render succeeds again.
      for (const frame of [ui.pdfPreview, ui.textPreview]) frame.classList.add('stale');
      if (lineProblem) revealLine(lineProblem.line);
      placeLineProblem();
      ui.notes.hidden = true;
      setStatus(`The render failed: ${summaryOf(problem)}`, true);
      return;
    }
    clearProblem();
    showNotes(response.headers);
    showLocaleNote(response.headers.get('content-language'));
    const label = response.headers.get('x-render-template') || (saved ? body.templateName : 'inline');
    showDocument(blob, label, Math.round(performance.now() - started));
  }

  // ---- render jobs ----

  function setJobStatus(text, failed) {
    ui.jobStatus.textContent = text;
    ui.jobStatus.classList.toggle('failed', Boolean(failed));
  }

  /** The data editor's object, copied for each of a job's first items; null while it is none. */
  function itemsOfData() {
    let data;
    try {
      data = JSON.parse(ui.data.value);
    } catch {
      return null;
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
    return `${JSON.stringify(Array(JOB_ITEM_COPIES).fill(data), null, 2)}\n`;
  }

  /** Fills the items with copies of the data, unless the author has written items of their own. */
  function copyDataToItems() {
    if (!itemsAreCopies) return;
    const items = itemsOfData();
    if (items !== null) ui.jobItems.value = items;
  }

  /** Clears what the page shows of the last job: its problem, failed items and result. */
  function clearJobOutcome() {
    setJobStatus('');
    ui.jobProblem.hidden = true;
    ui.jobProblem.replaceChildren();
    ui.jobFailures.hidden = true;
    ui.jobFailures.replaceChildren();
    for (const field of [ui.jobItems, ui.jobResult, ui.jobFileName]) field.classList.remove('invalid');
    ui.jobDownload.hidden = true;
    ui.jobDownload.removeAttribute('href');
    if (jobResultUrl) URL.revokeObjectURL(jobResultUrl);
    jobResultUrl = null;
  }

  /** Ignores the answers on their way for the job followed so far, and reads it no more. */
  function stopFollowingJob(reason) {
    clearTimeout(jobTimer);
    jobController?.abort();
    jobSequence += 1;
    if (jobFollowed && reason) {
      ui.jobFailures.hidden = true;
      setJobStatus(`No longer following the job: ${reason}.`);
    }
    jobFollowed = false;
  }

  /**
   * A call for the job followed as `sequence`: the response and what `read` makes of its body, or
   * null when it failed (the problem shown beside the button, the status line saying `failed`, the
   * job no longer followed) or when another job, or none, is followed by now.
   */
  async function callForJob(sequence, method, path, body, read, failed) {
    const controller = new AbortController();
    jobController = controller;
    try {
      const response = await call(method, path, body, controller.signal);
      if (response.ok) {
        const value = await read(response);
        return sequence === jobSequence ? { response, value } : null;
      }
      const problem = await problemOf(response);
      if (sequence !== jobSequence) return null;
      const paths = writeProblem(ui.jobProblem, problem);
      markFields({ items: ui.jobItems, result: ui.jobResult, fileName: ui.jobFileName }, paths);
      setJobStatus(`${failed}: ${summaryOf(problem)}`, true);
    } catch (error) {
      if (sequence !== jobSequence) return null;
      setJobStatus(`The service could not be reached: ${error.message}`, true);
    }
    jobFollowed = false;
    return null;
  }

  function jobStateText(job) {
    const { total, done, failed } = job.counts;
    if (job.state === 'running') return `Job running ${done + failed} of ${total}`;
    if (job.state === 'succeeded' || job.state === 'failed')
      return `Job ${job.state} (${done} done, ${failed} failed)`;
    return `Job ${job.state}`;
  }

  /** The failed items, each by its index in `items` and with its problem's detail. */
  function showJobFailures(job) {
    const problems = Array.isArray(job.problems) ? job.problems : [];
    ui.jobFailures.replaceChildren();
    ui.jobFailures.hidden = problems.length === 0;
    if (problems.length === 0) return;
    const { failed } = job.counts;
    ui.jobFailures.append(element('h2', '', `${failed} item${failed === 1 ? '' : 's'} failed`));
    const list = element('ul');
    for (const { index, problem } of problems)
      list.append(element('li', '', `items[${index}]: ${problem.detail || summaryOf(problem)}`));
    ui.jobFailures.append(list);
    // The job lists its first failed items only; a zip's problems.json lists every one.
    if (failed > problems.length)
      ui.jobFailures.append(
        element(
          'p',
          'meta',
          `and ${failed - problems.length} more${job.result === 'zip' ? ' (problems.json in the zip lists them all)' : ''}`,
        ),
      );
  }

  /** Shows the job as read, and reads it again a second later until it has finished. */
  async function followJob(job, sequence) {
    setJobStatus(jobStateText(job), job.state === 'failed' || job.state === 'cancelled');
    showJobFailures(job);
    if (!JOB_FINISHED.includes(job.state)) {
      jobTimer = setTimeout(() => void readJob(job.id, sequence), JOB_POLL_MS);
      return;
    }
    jobFollowed = false;
    if (job.resultUrl) await offerResult(job, sequence);
  }

  async function readJob(id, sequence) {
    const read = await callForJob(
      sequence,
      'GET',
      `/render-jobs/${encodeURIComponent(id)}`,
      undefined,
      (response) => response.json(),
      'The job could not be read',
    );
    if (read) await followJob(read.value, sequence);
  }

  /** The file name of a Content-Disposition (`filename="..."` or a token), or '' without one. */
  function fileNameOf(disposition) {
    const match = /\bfilename="((?:[^"\\]|\\.)*)"|\bfilename=([^";\s]+)/i.exec(disposition || '');
    return match ? (match[1] ?? match[2]).replace(/\\(.)/g, '$1') : '';
  }

  /** Fetches the result with the token and offers it as a link to a blob: URL that downloads it. */
  async function offerResult(job, sequence) {
    const read = await callForJob(
      sequence,
      'GET',
      `/render-jobs/${encodeURIComponent(job.id)}/result`,
      undefined,
      (response) => response.blob(),
      `${jobStateText(job)}, but its result could not be read`,
    );
    if (!read) return;
    const name = fileNameOf(read.response.headers.get('content-disposition')) || `render-job-${job.id}`;
    jobResultUrl = URL.createObjectURL(read.value);
    ui.jobDownload.href = jobResultUrl;
    ui.jobDownload.download = name;
    ui.jobDownload.textContent = `Download ${name} (${bytesText(read.value.size)})`;
    ui.jobDownload.hidden = false;
  }

  /** Starts a job of the items with the editors' template, as a render would name it, and follows it. */
  async function startJob() {
    stopFollowingJob();
    clearJobOutcome();
    if (!token) return setJobStatus('Paste a token first.', true);
    const saved = usesSavedVersion();
    if (!saved && ui.template.value.trim() === '')
      return setJobStatus('Write a template, or pick a saved one.', true);
    let items;
    try {
      items = JSON.parse(ui.jobItems.value);
    } catch (error) {
      ui.jobItems.classList.add('invalid');
      return setJobStatus(`The items are not JSON: ${error.message}`, true);
    }
    // Any JSON is sent: the service is the one to check the items (an array of 1 to 10,000 objects).
    const body = { ...templateFields(saved), items, result: ui.jobResult.value };
    if (ui.jobFileName.value.trim() !== '') body.fileName = ui.jobFileName.value.trim();
    const sequence = jobSequence;
    jobFollowed = true;
    setJobStatus('Starting the job…');
    const started = await callForJob(
      sequence,
      'POST',
      '/render-jobs',
      body,
      (response) => response.json(),
      'The job was not started',
    );
    if (started) await followJob(started.value, sequence);
  }

  // ---- wiring ----

  ui.apiBase.value = document.querySelector('meta[name="render-api-base"]').content;
  ui.template.value = STARTER_TEMPLATE;
  ui.data.value = `${JSON.stringify(STARTER_DATA, null, 2)}\n`;
  ui.inputFormat.value = 'json';
  copyDataToItems();
  syncOutputs();
  updateGutter();
  updateMode();

  ui.token.addEventListener('input', () => {
    token = ui.token.value.trim();
    clearTimeout(tokenTimer);
    tokenTimer = setTimeout(() => {
      void loadTemplates().then(() => scheduleRender(0));
    }, TOKEN_DELAY_MS);
  });
  ui.apiBase.addEventListener('change', () => void loadTemplates().then(() => scheduleRender(0)));
  ui.select.addEventListener('change', () => void pickTemplate(ui.select.value));
  ui.template.addEventListener('input', () => {
    // The problem's place is stale once the text changes; the next render shows it anew.
    setLineProblem(null);
    updateGutter();
    updateMode();
    scheduleRender();
  });
  ui.template.addEventListener('scroll', () => {
    ui.gutter.scrollTop = ui.template.scrollTop;
    placeLineProblem();
  });
  for (const field of [ui.data, ui.options, ui.branding])
    field.addEventListener('input', () => scheduleRender());
  ui.data.addEventListener('input', copyDataToItems);
  ui.jobItems.addEventListener('input', () => {
    itemsAreCopies = ui.jobItems.value.trim() === '';
    ui.jobItems.classList.remove('invalid');
  });
  // Emptied and left: copies of the data again.
  ui.jobItems.addEventListener('change', copyDataToItems);
  for (const field of [ui.jobResult, ui.jobFileName])
    field.addEventListener('input', () => field.classList.remove('invalid'));
  ui.jobStart.addEventListener('click', () => void startJob());
  ui.inputFormat.addEventListener('change', () => {
    syncOutputs();
    scheduleRender(0);
  });
  ui.outputFormat.addEventListener('change', () => scheduleRender(0));
  ui.locale.addEventListener('change', () => scheduleRender(0));
  ui.save.addEventListener('click', () => void saveTemplate());
  for (const field of [ui.template, ui.data, ui.options])
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        scheduleRender(0);
      }
    });
  window.addEventListener('resize', placeLineProblem);
})();
