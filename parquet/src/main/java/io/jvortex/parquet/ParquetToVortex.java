package io.jvortex.parquet;

import io.jvortex.error.VortexException;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.io.ByteSink;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;

/**
 * Converts Parquet files to Vortex, one row group at a time: the converter holds one row group's
 * pages and its decoded arrays, never the whole file, and hands each row group to the
 * {@link VortexWriter} as one batch.
 *
 * <pre>{@code
 * long rows = ParquetToVortex.convert(Path.of("in.parquet"), Path.of("out.vortex"), WriteOptions.defaults());
 * }</pre>
 *
 * <p>Types map as pyarrow reads Parquet (without an embedded Arrow schema) and the reference then
 * maps Arrow to Vortex: integers of every width and signedness, float16/32/64, boolean; STRING and
 * JSON byte arrays → utf8, other byte arrays and fixed-length byte arrays → binary; DECIMAL over
 * INT32, INT64, BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY → decimal; DATE → {@code vortex.date} (days);
 * TIME → {@code vortex.time}; TIMESTAMP → {@code vortex.timestamp} (time zone {@code UTC} when
 * adjusted to UTC, none otherwise); INT96 → {@code vortex.timestamp} in nanoseconds; UNKNOWN → null;
 * LIST (with the format's two-level compatibility rules) and unannotated repeated fields → list;
 * MAP → map; other groups → struct; optional → nullable. The file's root is a non-nullable struct.
 *
 * <p>Pages are decompressed by {@link ParquetCodecs} (uncompressed, Snappy, gzip, Zstandard) in plain
 * Java; no Hadoop configuration or file system is involved.
 */
public final class ParquetToVortex {
    private ParquetToVortex() {
    }

    /**
     * The Vortex schema a Parquet schema converts to.
     *
     * @param schema a Parquet schema
     * @return the non-nullable struct dtype of the converted file
     * @throws VortexException when a column has no Vortex equivalent
     */
    public static DType.Struct schema(MessageType schema) {
        return ParquetSchema.convert(Objects.requireNonNull(schema, "schema")).dtype();
    }

    /**
     * Converts a Parquet file. The destination appears only when the conversion succeeded: the
     * writer writes one temporary file beside it and renames it into place on success.
     *
     * @param parquet the Parquet file
     * @param vortex the Vortex file to write (replaced if present)
     * @param options how to write it
     * @return the number of rows written
     * @throws VortexException when the Parquet file is malformed or holds a type without Vortex equivalent
     * @throws UncheckedIOException when reading or writing fails
     */
    public static long convert(Path parquet, Path vortex, WriteOptions options) {
        Objects.requireNonNull(parquet, "parquet");
        Objects.requireNonNull(vortex, "vortex");
        Objects.requireNonNull(options, "options");
        // the writer writes one temporary file beside the destination and renames it into place
        return convertTo(parquet, dtype -> VortexWriter.create(vortex, dtype, options));
    }

    /**
     * Converts a Parquet file into a sink (a local file, an S3 object, a Hadoop file): the sink is
     * committed when the conversion succeeded and aborted otherwise, so nothing appears at its
     * destination then.
     *
     * @param parquet the Parquet file
     * @param vortex where to write the Vortex file, empty; owned by the conversion from now on
     * @param options how to write it
     * @return the number of rows written
     * @throws VortexException when the Parquet file is malformed or holds a type without Vortex equivalent
     * @throws UncheckedIOException when reading or writing fails
     */
    public static long convert(Path parquet, ByteSink vortex, WriteOptions options) {
        Objects.requireNonNull(vortex, "vortex");
        try {
            Objects.requireNonNull(parquet, "parquet");
            Objects.requireNonNull(options, "options");
            return convertTo(parquet, dtype -> VortexWriter.create(vortex, dtype, options));
        } catch (RuntimeException | Error e) {
            try {
                vortex.abort(); // a no-op when the writer already aborted it
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static long convertTo(Path parquet, Function<DType.Struct, VortexWriter> writers) {
        ParquetReadOptions readOptions = new ParquetReadOptions.Builder(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetCodecs())
                .build();
        ParquetFileReader reader;
        try {
            reader = ParquetFileReader.open(new LocalInputFile(parquet), readOptions);
        } catch (IOException e) {
            throw new UncheckedIOException(parquet.toString(), e);
        } catch (RuntimeException e) {
            throw notParquet(parquet, e);
        }
        try (reader) {
            MessageType schema = reader.getFileMetaData().getSchema();
            String createdBy = reader.getFileMetaData().getCreatedBy();
            ParquetSchema.Struct root = ParquetSchema.convert(schema);
            GroupConverter converter = new NoRecords(schema);
            long rows = 0;
            // aborted on failure, so that nothing appears at the destination; closed (committed) on success
            VortexWriter writer = writers.apply(root.dtype());
            try {
                while (true) {
                    PageReadStore pages;
                    try {
                        pages = reader.readNextRowGroup();
                    } catch (IOException e) {
                        throw new UncheckedIOException(parquet.toString(), e);
                    } catch (VortexException e) {
                        throw e;
                    } catch (RuntimeException e) {
                        throw notParquet(parquet, e);
                    }
                    if (pages == null) {
                        break;
                    }
                    try (pages) {
                        long count = pages.getRowCount();
                        if (count == 0) {
                            continue;
                        }
                        // an automatic arena: the writer may keep the batch's buffers past write()
                        StructArray batch = RowGroupReader.read(root, pages,
                                new ColumnReadStoreImpl(pages, converter, schema, createdBy), Arena.ofAuto());
                        writer.write(batch);
                        rows += count;
                    } catch (ParquetDecodingException e) {
                        throw notParquet(parquet, e);
                    }
                }
            } catch (RuntimeException | Error e) {
                writer.abort();
                throw e;
            }
            writer.close();
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(parquet.toString(), e);
        }
    }

    private static VortexException notParquet(Path parquet, RuntimeException e) {
        return new VortexException(parquet.toString(), -1, null,
                "not a readable Parquet file: " + e.getMessage(), e);
    }

    /**
     * The converter tree parquet-java's column store insists on; values are taken from the column
     * readers directly, so it is never called.
     */
    private static final class NoRecords extends GroupConverter {
        private static final PrimitiveConverter PRIMITIVE = new PrimitiveConverter() {
        };
        private final Converter[] children;

        NoRecords(GroupType group) {
            children = new Converter[group.getFieldCount()];
            for (int i = 0; i < children.length; i++) {
                children[i] = group.getType(i).isPrimitive() ? PRIMITIVE : new NoRecords(group.getType(i).asGroupType());
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return children[fieldIndex];
        }

        @Override
        public void start() {
        }

        @Override
        public void end() {
        }
    }
}
