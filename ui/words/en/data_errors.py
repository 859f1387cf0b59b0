"""The lab's words in English (``ui.words``): what the lab says about data it cannot use. The
loader's errors by their codes (``datasets.DatasetError.code``; English pages show the
loader's own message, which these templates repeat), the upload box, the data that cannot
be drawn (``ui.parts.data.settle``), the link check's problems and the guard's message."""

# Parts of the loader's messages said in more than one of them.
_AGAIN = "save the sheet as CSV, or keep a sample of the rows"
_EXAMPLES = {  # the first bad row of a column, by the end of the message's code
    "": "",
    ".first": " (first in data row {row})",
    ".eg": " (e.g. {value!r} in data row {row})",
}
_NO_ROWS = (
    "none of the {{n:,}} rows has valid numbers in {{features}} and a label{why}: check the "
    "delimiter, the decimal mark and the missing values"
)
_DOTS_BOTH = (
    "column {column!r} uses the dot both ways: {example!r} reads as {thousands} with a "
    "thousands separator, {other!r} has a decimal point; it cannot be read without guessing. "
    "Write its numbers with one decimal mark and no thousands separators (such as 1065 and 1,5)"
)
_DOTS_UNSURE = (
    "column {column!r} has {example!r} beside whole numbers such as {other!r}: the dot may be "
    "a thousands separator ({thousands}) or a decimal point; it cannot be read without "
    "guessing. Write {thousands} without the separator, or {comma} with a decimal comma if it "
    "is a fraction"
)

WORDS: dict[str, str | tuple[str, str]] = {
    # ------------------------------------------------- the loader's errors, by code
    "load.empty": "the file is empty: there is nothing to read",
    "load.header_only": "the file has a header but no data rows: add rows of values",
    "load.no_rows": "the file has no data rows",
    "load.unclosed_quote": "cannot parse the file as CSV: a quoted field starting near line "
    '{line} is never closed: look for a stray " character',
    "load.too_many_rows": "the file has more than {max:,} data rows, the most Perceptron Lab "
    "reads: keep a sample of the rows (say every 10th) and load that",
    "load.too_big": "the file is {size}; the limit is {limit}: keep the columns you need or "
    "sample the rows",
    "load.no_sheet": "the workbook has no sheet {sheet!r}; its sheets are {sheets}",
    "load.sheet_empty": "sheet {sheet!r} of the workbook is empty: there is nothing to read",
    "load.damaged": "this Excel workbook (.xlsx) cannot be read; it may be damaged or "
    "password-protected: open it in Excel and save it again, or save the sheet as CSV",
    "load.too_large_up": "column {column!r} has values up to {worst:.1e}: rescale the column "
    "(values must stay below {limit})",
    "load.too_large_down": "column {column!r} has values down to {worst:.1e}: rescale the "
    "column (values must stay below {limit})",
    "load.one_class_left": "only one class ({left!r}) is left in column {column!r} after "
    "dropping {dropped:,} invalid row(s): a perceptron needs examples of two classes",
    "load.no_labels": "column {column!r} has no values: a label column needs two classes",
    "load.one_class": "column {column!r} has only one class ({name!r}): a perceptron needs "
    "examples of two classes",
    "load.no_numeric": "found 0 numeric feature column(s) (none) besides the label {label!r}; "
    "a dataset needs two. Check that the file uses one delimiter and one decimal mark, or add "
    "a second numeric column.",
    "load.one_numeric": "found 1 numeric feature column(s) ({found}) besides the label "
    "{label!r}; a dataset needs two. Check that the file uses one delimiter and one decimal "
    "mark, or add a second numeric column.",
    "load.too_many_columns": "the file has {n:,} columns; at most {most:,} are read. Keep the "
    "columns you need (two features and a label) and save again.",
    "load.many_classes": "column {column!r} has {n:,} distinct values; a label column has 2 to "
    "{most} (one per class). Choose another column.",
    "load.feature_is_label": "column {column!r} cannot be both a feature and the label",
    "load.no_label_column": "no column can be the class label: a label column has 2 to {most} "
    "distinct values (0/1, yes/no, species names...); the columns are {columns}",
    "load.same_classes": "the +1 and -1 classes must differ, both are {name!r}",
    "load.no_numeric.row_number": "found 0 numeric feature column(s) (none) besides the label "
    "{label!r} and the row number {id!r}; a dataset needs two. Check that the file uses one "
    "delimiter and one decimal mark, or add a second numeric column.",
    "load.one_numeric.row_number": "found 1 numeric feature column(s) ({found}) besides the "
    "label {label!r} and the row number {id!r}; a dataset needs two. Check that the file uses "
    "one delimiter and one decimal mark, or add a second numeric column.",
    "load.no_column_at": "there is no column {at} (0-based): the file has {n}",
    "load.no_column.feature": "there is no feature column {wanted!r}; the columns are {columns}",
    "load.no_column.label": "there is no label column {wanted!r}; the columns are {columns}",
    "load.no_features": "choose at least one feature column",
    "load.same_features": "the feature columns must differ, got {chosen}",
    "load.not_a_class": "{value!r} is not a value of column {column!r}; its values are {values}",
    "load.long_class_name": "a class name in column {column!r} is {n:,} characters long; class "
    "names can have at most {most:,}: shorten it",
    "load.long_column_name": "the name of column {at} is longer than {most:,} characters, the "
    "most a name can have: shorten it",
    "load.one_column": "found only one column: a dataset needs two numeric feature columns and "
    "a label column, separated by commas, semicolons, tabs or | characters",
    "load.no_memory": "the file is too large to read into memory",
    "load.bad_utf16": "the file starts like UTF-16 text but is not valid UTF-16: save it as "
    "UTF-8 CSV",
    "load.dots_both": _DOTS_BOTH,
    "load.dots_unsure": _DOTS_UNSURE,
    "load.gzip_too_big": "the gzip file unpacks to more than {limit}, the limit for a file: keep "
    "the columns you need or sample the rows, then compress it again",
    "load.long_line": "line {line:,} has {fields:,} fields, far more than the {columns:,} "
    "column(s) of the table (at most {most:,} are read): a line break is missing there, or the "
    "delimiter is wrong; fix that line or save the file again",
    "load.long_field": "line {line:,} has a value of more than {most}, the longest Perceptron "
    "Lab reads (a quote that is never closed makes the rest of the file one value): look for a "
    'stray " character there, or shorten that value',
    "load.long_values": "the file holds more than {total} of values longer than {long} KB each "
    "(the last on line {line:,}): no number or name is that long; keep the columns you need "
    "and load that",
    "load.workbook_nesting": "this Excel workbook's table of contents is nested too deep or "
    "lists too many parts to be a workbook: open it in Excel and save it again, or save the "
    "sheet as CSV",
    "load.gzip_cut": "the gzip file is cut short (an unfinished download?): download or "
    "compress it again",
    "load.gzip_damaged": "the gzip file is damaged and cannot be decompressed: compress the CSV "
    "again",
    "load.sheet_of_csv": "sheet={sheet!r} applies to Excel workbooks; {name!r} is a CSV file, "
    "which has one table: leave the sheet out",
    "load.no_sheets": "this Excel workbook (.xlsx) lists no sheets; it may be damaged: open it "
    "in Excel and save it again, or save the sheet as CSV",
    "load.chart_sheet": "sheet {sheet!r} is a chart, not a table: choose another sheet ({sheets})",
    "load.workbook_too_big": "the workbook unpacks to more than Perceptron Lab reads: save the "
    "sheet you need as CSV, keeping the columns you need or a sample of the rows",
    "load.sheet_too_big": "sheet {sheet!r} unpacks to {size}, more than the {most} Perceptron "
    "Lab reads from a workbook sheet: save the sheet as CSV, or keep a sample of the rows",
    "load.sheet_cells": "sheet {sheet!r} holds more than {most:,} cells with values, the most "
    "Perceptron Lab reads from a workbook (about {rows:,} rows of 3 columns): save the sheet "
    "as CSV, which may have up to {max:,} rows, or keep a sample of the rows",
    "load.sheet_slow": "reading sheet {sheet!r} took longer than {most} seconds, the most one "
    "upload may take: " + _AGAIN,
    "load.sheet_cpu": "reading sheet {sheet!r} took more than {most} CPU seconds, the most one "
    "upload may take: " + _AGAIN,
    "load.sheet_memory": "reading sheet {sheet!r} needs more than {most} of memory, the most "
    "one upload may use (its cells span a very large area, or repeat long text): " + _AGAIN,
    "load.sheet_csv_too_big": "sheet {sheet!r} is more than {most} as CSV, the limit for a "
    "file: " + _AGAIN,
    "load.no_reader": "reading .xlsx needs the python-calamine package (pip install "
    "python-calamine); or save the sheet as CSV",
    # Formula cells without values: the first cell and the other sheets, where there are some.
    **{
        "load.formulas" + cell + others: "sheet {sheet!r} has {n:,} formula cell(s) without a "
        "saved value" + (" (the first in cell {cell})" if cell else "") + ": the file holds "
        "formulas but not their results. Open it in Excel or LibreOffice and save it again, "
        "which saves the values" + (", or choose another sheet ({others})" if others else "")
        for cell in ("", ".cell")
        for others in ("", ".others")
    },
    # A column that is not numeric, with the first bad row (e.g. its value) where there is one.
    **{
        "load.not_numeric" + kind + none: "column {column!r} is not numeric" + example + "; "
        "choose numeric columns as features: " + ("none" if none else "{numeric}")
        for kind, example in _EXAMPLES.items()
        for none in ("", ".none")
    },
    # No row left: the first reason a row was dropped, and its first bad row.
    "load.no_valid_rows": _NO_ROWS.format(why=""),
    **{
        f"load.no_valid_rows.{why}{kind}": _NO_ROWS.format(
            why=" (" + why.replace("_", " ") + " in column {column!r}" + example + ")"
        )
        for why in ("missing_value", "not_a_number", "infinite_value", "missing_label")
        for kind, example in _EXAMPLES.items()
    },
    # ------------------------------------------ a file that is not a table, by its kind
    "load.not_csv.png": (
        "this looks like a PNG image, not a CSV file or .xlsx workbook: load the data as a CSV "
        "text file (values separated by commas, semicolons or tabs)"
    ),
    "load.not_csv.jpeg": (
        "this looks like a JPEG image, not a CSV file or .xlsx workbook: load the data as a CSV "
        "text file (values separated by commas, semicolons or tabs)"
    ),
    "load.not_csv.gif": (
        "this looks like a GIF image, not a CSV file or .xlsx workbook: load the data as a CSV "
        "text file (values separated by commas, semicolons or tabs)"
    ),
    "load.not_csv.pdf": (
        "this looks like a PDF document, not a CSV file or .xlsx workbook: a PDF holds pages, not"
        " data: export the table as CSV or .xlsx from where it came"
    ),
    "load.not_csv.xls": (
        "this looks like an old Excel 97-2003 workbook (.xls), not a CSV file or .xlsx workbook: "
        "open it in Excel and save it as .xlsx or CSV (File > Save As), then load that"
    ),
    "load.not_csv.gzip": (
        "this looks like a gzip-compressed file, not a CSV file or .xlsx workbook: a gzip file "
        "holds one CSV file, not another archive: extract it first"
    ),
    "load.not_csv.7z": (
        "this looks like a 7-Zip archive, not a CSV file or .xlsx workbook: extract the CSV file "
        "from it first (or compress the CSV with gzip, .gz)"
    ),
    "load.not_csv.rar": (
        "this looks like a RAR archive, not a CSV file or .xlsx workbook: extract the CSV file "
        "from it first (or compress the CSV with gzip, .gz)"
    ),
    "load.not_csv.bzip2": (
        "this looks like a bzip2-compressed file, not a CSV file or .xlsx workbook: extract the "
        "CSV file from it first (or compress the CSV with gzip, .gz)"
    ),
    "load.not_csv.xz": (
        "this looks like an xz-compressed file, not a CSV file or .xlsx workbook: extract the CSV"
        " file from it first (or compress the CSV with gzip, .gz)"
    ),
    "load.not_csv.zstd": (
        "this looks like a zstd-compressed file, not a CSV file or .xlsx workbook: extract the "
        "CSV file from it first (or compress the CSV with gzip, .gz)"
    ),
    "load.not_csv.spreadsheet": (
        "this looks like an Excel workbook (.xlsx) or another spreadsheet, not a CSV file or "
        ".xlsx workbook: open it and save it as .xlsx or CSV (File > Save As > CSV), then load "
        "that file"
    ),
    "load.not_csv.zip": (
        "this looks like a ZIP archive, not a CSV file or .xlsx workbook: extract the CSV file "
        "from it first (or compress the CSV with gzip, .gz)"
    ),
    "load.not_csv.binary": (
        "this looks like a binary file, not a CSV file or .xlsx workbook: load the data as a CSV "
        "text file (values separated by commas, semicolons or tabs)"
    ),
    "load.not_csv.gzip_archive": (
        "this looks like a compressed archive inside a gzip file, not a CSV file or .xlsx "
        "workbook: a gzip file holds one CSV file, not another archive: extract it first"
    ),
    "load.zip": "this looks like a ZIP archive: extract the CSV file from it first",
    "load.damaged_zip": "this looks like a ZIP archive or an Excel workbook, but it is damaged: "
    "open it and save it again (as .xlsx or CSV)",
    "load.zip_kind.ods": "this looks like an OpenDocument spreadsheet (.ods): open it and save "
    "it as .xlsx or CSV",
    "load.zip_kind.xlsb": "this looks like an Excel binary workbook (.xlsb): open it and save it "
    "as .xlsx or CSV",
    "load.zip_kind.odf": "this looks like an OpenDocument document, not a table: save the data "
    "as CSV or .xlsx",
    "load.zip_kind.docx": "this looks like a Word document, not a table: save the data as CSV or "
    ".xlsx",
    "load.zip_kind.pptx": "this looks like a PowerPoint presentation, not a table: save the data "
    "as CSV or .xlsx",
    # --------------------------------------------------- the loader's notes, by code
    "load.note.preamble": ("skipped {n} line(s) above the table",) * 2,
    "load.note.extra_fields": "a row had more fields than the header; the extra ones are ignored",
    "load.note.long_lines": ("skipped {n} line(s) with too many fields",) * 2,
    "load.note.row_id": "column {column!r} looks like a row number or an id: as a feature it "
    "teaches the perceptron the order of the file's rows, not the data",
    "load.note.informative": "proposed x1 {x1!r} and x2 {x2!r}: of the {k} numeric columns, "
    "the two whose class means lie furthest apart for their spread (Fisher scores {s1} and "
    "{s2})",
    "load.note.informative.constant": "proposed x1 {x1!r} and x2 {x2!r}: of the {k} numeric "
    "columns, the two whose class means lie furthest apart for their spread (Fisher scores "
    "{s1} and {s2}); {constant} constant or near-constant columns are never proposed",
    "load.note.all_separate": "no line separates the classes on {x1!r} and {x2!r}, but all {k} "
    "numeric columns separate them: choose Train on all columns",
    "load.note.merged": "merged label spellings: {listed} -> {target!r}",
    "load.note.kept": "{label!r} has {k} classes; kept {negative!r} (-1) and {positive!r} (+1): "
    "choose others, or one class against the rest",
    "load.note.thousands": "column {column!r}: dots read as thousands separators ({example!r} "
    "as {value}), as the file writes decimals with commas",
    "load.note.not_offered.dots_both": "not offered as a feature: " + _DOTS_BOTH,
    "load.note.not_offered.dots_unsure": "not offered as a feature: " + _DOTS_UNSURE,
    # ------------------------------------------------- what the loader read (CsvInfo)
    "load.rows": ("{n:,} row", "{n:,} rows"),  # as the loader writes it
    "load.excel_sheet": "Excel sheet {sheet!r} ({n} in the workbook)",
    "load.gzip": "gzip-compressed",
    "load.sep.comma": "comma-separated",
    "load.sep.semicolon": "semicolon-separated",
    "load.sep.tab": "tab-separated",
    "load.sep.pipe": "pipe-separated",
    "load.sep.space": "space-separated",
    "load.decimal_commas": "decimal commas",
    "load.dropped": ("{n:,} row dropped ({reasons})", "{n:,} rows dropped ({reasons})"),
    "load.why.missing_value": "missing value",
    "load.why.not_a_number": "not a number",
    "load.why.infinite_value": "infinite value",
    "load.why.missing_label": "missing label",
    "load.why.too_many_fields": "too many fields",
    # ---------------------------------------------------------------- the upload box
    "load.sheet": "Sheet",
    "load.x1": "x1 column",
    "load.x2": "x2 column",
    "load.label": "Label column",
    "load.positive": "+1 class",
    "load.negative": "−1 class",
    "load.rest_help": "rest: all others",
    "load.same_columns": "choose two different feature columns",
    "load.too_many_values": "{rows:,} rows × {columns} columns is more than the {most:,} values "
    "the page trains on live: train on fewer columns (or a file with fewer rows).",
    "load.used": ("{n:,} row used, {dropped:,} dropped", "{n:,} rows used, {dropped:,} dropped"),
    "load.left_out": ", {n:,} of other classes left out",
    "load.training_on": "Training on {d} columns: {names}.",
    "load.shared": "The file uploaded on another page: {source}.",
    "load.shared_two": " This page draws two of its columns, {x1} and {x2} (the Playground "
    "trains on all that were chosen).",
    "load.link_file": "This link was made on uploaded data, and a link cannot carry a file: "
    "upload the same file (and choose its columns and classes as before) and the run opens at "
    "{at}",
    "load.at_end": "its end.",
    "load.at_step": "the link's step {step}.",
    "load.at_step_digits": "the link's step a {digits:,}-digit number.",  # as count_words
    "load.lost": "Your uploaded file is no longer on this server (the server restarted or you "
    "were moved to another): upload it again (remove its name with × first: the browser does "
    "not send a file it thinks it has already sent).",
    "load.lost_then": " The run then opens at {at}",
    "load.train_on": "Train on",
    "load.train_two": "x1 and x2: the chart shows them",
    "load.train_all": "all {n} numeric columns",
    "load.x_order": "Training on all {n} columns: x1 and x2 ({x1}, {x2}) only put those two "
    "first (the order of the features and of w's entries); the run uses every column.",
    "load.train_help": "All columns: the run, the verdict and the bound are in that many "
    "dimensions, and the chart shows each point's score {score} against a second "
    "direction.",
    # ---------------------------------------------- data a page cannot draw (settle)
    "load.too_many_points": "{n:,} points: {what} draws at most {most:,}.",
    "load.too_many_to_train": "{n:,} points: {what} trains on at most {most:,}.",
    "load.too_many_features": "{d} features: {what} draws {most}; in the upload box, train on "
    "x1 and x2.",
    "load.this_page": "this page",
    # ------------------------------------------------------------- the link's problems
    "link.not_option": "{name}={raw} is not one of the options, the default is used",
    "link.not_option_write": "{name}={raw} is not one of the options (write {label}), the "
    "default is used",
    "link.not_flag": "{name}={raw} is not true or false, the default is used",
    "link.not_in_set": "{name}={raw} is not one of {values}, the default is used",
    "link.not_whole": "{name}={raw} is not a whole number from {low} to {high}, the default is "
    "used",
    "link.not_whole_up": "{name}={raw} is not a whole number from {low} up, the default is used",
    "link.not_number": "{name}={raw} is not a number from {low} to {high}, the default is used",
    "link.not_number_up": "{name}={raw} is not a number from {low} up, the default is used",
    "link.step_beyond": "The link's step {step} is beyond the end of this run ({total:,} visits): "
    "showing the end.",
    "link.step_beyond_digits": "The link's step a {digits:,}-digit number is beyond the end of "
    "this run ({total:,} visits): showing the end.",
    "link.repeated": "The link gives {name} {count} times ({values}): only the last, {used}, "
    "is read.",
    "link.repeated_more": "{count:,} more parameters are in the link more than once: the last "
    "value of each is read.",
    "link.unknown": "{name} is not a parameter of this page and was not read",
    "link.unknown_near": "{name} is not a parameter of this page and was not read (did you "
    "mean {near}?)",
    "link.unknown_more": "{count:,} more parameters with this page's prefix are none of its "
    "own and were not read",
    "link.too_long": "{name} in the link is {length:,} characters long (at most {most:,}), the "
    "default is used",
    # ------------------------------------------------------------------------ the guard
    "guard.failed": "Something went wrong while drawing this (the details are in the server's "
    "log). The previous data is kept.",
    "guard.failed_step": "Something went wrong while drawing this (the details are in the "
    "server's log). The previous step is kept.",
    "guard.bad_data": "This data could not be drawn (the details are in the server's log).",
}
