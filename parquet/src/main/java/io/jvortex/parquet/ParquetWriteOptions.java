package io.jvortex.parquet;

import java.util.Locale;
import java.util.Objects;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * How {@link VortexToParquet} writes a Parquet file.
 *
 * @param codec the page codec: one of {@link ParquetCodecs#SUPPORTED} (uncompressed, Snappy, gzip, zstd)
 * @param rowGroupBytes a row group ends when its buffered, encoded size reaches this many bytes
 * @param rowGroupRows a row group ends after this many rows at the latest
 */
public record ParquetWriteOptions(CompressionCodecName codec, long rowGroupBytes, int rowGroupRows) {
    /** The default row group size in bytes: 128 MiB, as parquet-java and Spark use. */
    public static final long DEFAULT_ROW_GROUP_BYTES = 128L << 20;
    /** The default row limit of a row group: 1 Mi rows, as pyarrow uses. */
    public static final int DEFAULT_ROW_GROUP_ROWS = 1 << 20;

    /**
     * @throws IllegalArgumentException when the codec is not supported or a size is not positive
     */
    public ParquetWriteOptions {
        Objects.requireNonNull(codec, "codec");
        if (!ParquetCodecs.SUPPORTED.contains(codec)) {
            throw new IllegalArgumentException("Parquet codec " + codec + " is not supported (only "
                    + ParquetCodecs.SUPPORTED + ")");
        }
        if (rowGroupBytes <= 0 || rowGroupRows <= 0) {
            throw new IllegalArgumentException("row group limits must be positive: " + rowGroupBytes + " bytes, "
                    + rowGroupRows + " rows");
        }
    }

    /** @return zstd pages, row groups of 128 MiB or 1 Mi rows */
    public static ParquetWriteOptions defaults() {
        return new ParquetWriteOptions(CompressionCodecName.ZSTD, DEFAULT_ROW_GROUP_BYTES, DEFAULT_ROW_GROUP_ROWS);
    }

    /**
     * @param c the page codec
     * @return a copy with that codec
     */
    public ParquetWriteOptions withCodec(CompressionCodecName c) {
        return new ParquetWriteOptions(c, rowGroupBytes, rowGroupRows);
    }

    /**
     * @param name a codec name as on the command line: {@code zstd}, {@code snappy}, {@code gzip} or
     *     {@code uncompressed} (also {@code none}), in any case
     * @return a copy with that codec
     * @throws IllegalArgumentException for another name
     */
    public ParquetWriteOptions withCodec(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        CompressionCodecName c = upper.equals("NONE") ? CompressionCodecName.UNCOMPRESSED : null;
        for (CompressionCodecName candidate : ParquetCodecs.SUPPORTED) {
            if (candidate.name().equals(upper)) {
                c = candidate;
            }
        }
        if (c == null) {
            throw new IllegalArgumentException("unknown Parquet codec '" + name
                    + "' (zstd, snappy, gzip or uncompressed)");
        }
        return withCodec(c);
    }

    /**
     * @param bytes the size limit of a row group
     * @param rows the row limit of a row group
     * @return a copy with those limits
     */
    public ParquetWriteOptions withRowGroups(long bytes, int rows) {
        return new ParquetWriteOptions(codec, bytes, rows);
    }
}
