// Streamlit's page as the lab reaches into it: every element it finds by a data-testid,
// and the attribute and storage key it reads, none of which Streamlit promises to keep
// (what Streamlit 1.67.0 draws; tests/browser/test_streamlit_page.py finds each one on a
// page it draws, so an upgrade that renames one fails there, by its name here).
//
// The one place they are written (tests/test_streamlit_dom.py fails on a data-testid of
// Streamlit's anywhere else). The lab's browser modules import it: joined into the chart
// component's module (ui/stage/chart.py, ui/practice/drag.py), or at the head of an inline
// script, in a block of its own (ui/platform/dom.py: the st.html scripts, the head
// script). The lab's CSS takes the same names from ui/platform/dom.py, which reads the
// object below (one "name": "testid" pair a line).

// The lab's name of each element -> its data-testid.
export const STREAMLIT_TESTIDS = Object.freeze({
  app: "stApp", // the app's root: its script state, its theme's background
  main: "stMain", // the main block (what moves a chart's top)
  mainBlock: "stMainBlockContainer", // the main block's padded content
  verticalBlock: "stVerticalBlock", // a column of elements (its gap)
  horizontalBlock: "stHorizontalBlock", // a row of st.columns
  column: "stColumn", // one of st.columns
  button: "stButton", // a button's wrapper
  markdown: "stMarkdownContainer", // a markdown element's text
  caption: "stCaptionContainer", // st.caption's text
  text: "stText", // st.text's text
  sliderThumbValue: "stSliderThumbValue", // the number above a slider's thumb
  fileChip: "stFileChip", // an uploaded file in the uploader
  header: "stHeader", // the bar at the top of the page
  toolbarActions: "stToolbarActions", // the header's action buttons
  mainMenu: "stMainMenu", // the header's menu
  deployButton: "stAppDeployButton", // the header's Deploy button
  expandSidebarButton: "stExpandSidebarButton", // ">>": open the folded sidebar
  sidebar: "stSidebar", // the sidebar
});

// The selector of a named element: [data-testid="..."].
export const streamlitTestid = (name) => {
  const id = STREAMLIT_TESTIDS[name];
  if (!id) throw new Error("no Streamlit element named " + name);
  return '[data-testid="' + id + '"]';
};

// The app root's attribute that is "notRunning" once the page's script has run.
export const STREAMLIT_SCRIPT_STATE = "data-test-script-state";

// Where Streamlit keeps the theme it shows ("Light", "Dark" or "System"), read once as its
// page loads; its settings menu writes it.
export const streamlitThemeKey = (path) => "stActiveTheme-" + path + "-v2";
