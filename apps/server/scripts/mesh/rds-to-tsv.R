# Writes jaytimm/mesh-resources' MeSH tables (R data files) as plain UTF-8 TSV for build-full-mesh.ts.
# Usage: Rscript rds-to-tsv.R <data_mesh_thesaurus.rds> <data_mesh_trees.rds> <out-dir>
# Only the columns the conversion reads are written; a tab or line break inside a value would break
# the TSV, so the script stops instead of writing a file that parses wrong.
args <- commandArgs(trailingOnly = TRUE)
if (length(args) != 3) stop("usage: Rscript rds-to-tsv.R <thesaurus.rds> <trees.rds> <out-dir>")

write_tsv <- function(frame, file) {
  frame[] <- lapply(frame, function(column) enc2utf8(as.character(column)))
  bad <- Reduce(`|`, lapply(frame, function(column) is.na(column) | grepl("[\t\r\n]", column)))
  if (any(bad)) stop(sprintf("%s: %d rows hold a missing value, a tab or a line break", file, sum(bad)))
  con <- file(file, open = "w", encoding = "UTF-8")
  write.table(frame, con, sep = "\t", quote = FALSE, row.names = FALSE, fileEncoding = "UTF-8")
  close(con)
}

thesaurus <- readRDS(args[1])
write_tsv(thesaurus[, c("DescriptorUI", "DescriptorName", "TermName", "IsPermutedTermYN", "RecordPreferredTermYN")],
          file.path(args[3], "thesaurus.tsv"))
trees <- readRDS(args[2])
write_tsv(trees[, c("DescriptorUI", "tree_location")], file.path(args[3], "trees.tsv"))
