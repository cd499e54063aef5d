/** Wording of a failed user-module import (graders, tools, module backends). */
import type { UserExportResult } from '../loader/import-user-export.js';
import { missingPackageIn } from '../loader/load-module.js';
import { didYouMean } from './did-you-mean.js';

type Failure = Extract<UserExportResult, { ok: false }>;

export function loadFailureHint(failure: Failure, exportName: string | null): string {
  switch (failure.reason) {
    case 'invalid_spec':
      return 'write "path/or/package:exportName", e.g. "graders/my-grader.ts:grade"';
    case 'not_found':
      return 'paths are relative to the config folder; a package must be installed beside it';
    case 'no_export':
      return (
        (exportName && didYouMean(exportName, failure.available_exports)) ??
        'export it under this name, or fix the name'
      );
    case 'import_failed': {
      const missing = missingPackageIn(failure.message);
      if (missing === null) return 'fix the error in the module (it is imported when the configuration loads)';
      // holodeck itself is installed from its folder or .tgz (npm pack), not from the registry.
      return missing === 'holodeck'
        ? 'the module imports the package "holodeck", which is not installed beside the config: install the holodeck you run there (npm install --save-dev with its folder or .tgz, as holodeck init prints it)'
        : `the module imports the package "${missing}", which is not installed: install it beside the config (npm install ${missing})`;
    }
    case 'unloadable_path':
      return 'rename the folder or file whose name holds the "?", or write the module in JavaScript (.mjs), which Node loads itself';
    case 'import_stuck':
      return 'let the top level finish (it runs when the configuration loads): settle what it awaits, or move the wait or the loop into the exported function';
  }
}
