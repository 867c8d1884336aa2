/**
 * Parquet to Vortex conversion on parquet-java's file and column readers ({@link
 * io.jvortex.parquet.ParquetToVortex}).
 *
 * <p>How it works: {@code ParquetSchema} maps the Parquet schema to a tree of Vortex-typed nodes that
 * know which definition and repetition levels make their rows; {@code RowGroupReader} reads a row group
 * in batches of whole top-level rows, each leaf column through its {@code ColumnReader} straight into
 * primitive arrays at the rows' positions (stopping before the entry of repetition level 0 that starts
 * the next batch's row), then builds struct validity and list/map offsets from the first leaf's levels
 * (the Dremel record shredding undone column-wise, as Arrow's Parquet readers do). Pages are
 * decompressed by {@link io.jvortex.parquet.ParquetCodecs}: plain Java, no Hadoop codecs, no native
 * library (parquet-java's snappy-java, zstd-jni, brotli and aircompressor dependencies are excluded).
 */
package io.jvortex.parquet;
