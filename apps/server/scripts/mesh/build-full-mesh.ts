/**
 * Rebuilds src/seed/corpus/mesh-full.jsonl.gz, the full MeSH vocabulary the server loads on first
 * start, from jaytimm/mesh-resources (R data files derived from NLM's desc20XX.xml and
 * mtrees20XX.bin). Needs R (`Rscript`, Debian's r-base-core) only here: the output is committed.
 *
 *   node --import tsx scripts/mesh/build-full-mesh.ts <data_mesh_thesaurus.rds> <data_mesh_trees.rds> <mesh year>
 *
 * See scripts/mesh/README.md for where the files come from.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { descriptorsFromThesaurus, FULL_MESH_FILE, parseTsv, serializeVocabulary } from '../../src/seed/mesh-vocabulary';

const [thesaurusRds, treesRds, year] = process.argv.slice(2);
if (!thesaurusRds || !treesRds || !/^\d{4}$/.test(year ?? '')) {
  console.error('usage: build-full-mesh.ts <data_mesh_thesaurus.rds> <data_mesh_trees.rds> <mesh year, e.g. 2024>');
  process.exit(2);
}

const dir = await mkdtemp(path.join(tmpdir(), 'wink-mesh-'));
try {
  execFileSync('Rscript', [path.join(import.meta.dirname, 'rds-to-tsv.R'), thesaurusRds, treesRds, dir], { stdio: 'inherit' });
  const terms = parseTsv(await readFile(path.join(dir, 'thesaurus.tsv'), 'utf8')).map((r) => ({
    descriptorUi: r.DescriptorUI!,
    descriptorName: r.DescriptorName!,
    termName: r.TermName!,
  }));
  const trees = parseTsv(await readFile(path.join(dir, 'trees.tsv'), 'utf8')).map((r) => ({
    descriptorUi: r.DescriptorUI!,
    treeNumber: r.tree_location!,
  }));
  const descriptors = descriptorsFromThesaurus(terms, trees);
  const text = serializeVocabulary(
    {
      meshYear: Number(year),
      source: `NLM MeSH desc${year}.xml and mtrees${year}.bin, as tabulated by github.com/jaytimm/mesh-resources (data/data_mesh_thesaurus.rds, data/data_mesh_trees.rds)`,
      attribution: 'Medical Subject Headings (MeSH), courtesy of the U.S. National Library of Medicine. Public domain.',
    },
    descriptors,
  );
  // mtime 0 in the gzip header: the same input always gives the same bytes, so a rebuild shows no diff.
  await writeFile(FULL_MESH_FILE, gzipSync(text, { level: 9 }).fill(0, 4, 8));
  const entryTerms = descriptors.reduce((n, d) => n + d.entryTerms.length, 0);
  const treeNumbers = descriptors.reduce((n, d) => n + d.treeNumbers.length, 0);
  console.log(
    `${FULL_MESH_FILE}: ${descriptors.length} descriptors, ${entryTerms} entry terms, ${treeNumbers} tree numbers (MeSH ${year}).`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
