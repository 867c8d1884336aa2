package io.jvortex.internal.write;

import io.jvortex.spi.WriteNode;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * Internal entry point of the writer foundation (the public {@code VortexWriter} comes later): writes
 * a table, given as struct chunks, as a Vortex file without compression.
 *
 * <p>File shape: magic; per input chunk and per column one {@code vortex.flat} segment holding the
 * column's canonical array ({@link CanonicalEncoder}; a chunk of a nullable column whose rows are all
 * null is a {@code vortex.constant} null, as the reference writes it); then, unpadded, the dtype,
 * layout and footer blobs, the postscript and the trailer. Layout: a root {@code vortex.struct}
 * (with a validity column first when the schema is nullable) whose columns are one flat layout each,
 * wrapped in a {@code vortex.chunked} when there are several chunks (none: a childless chunked
 * layout). Empty chunks are dropped, as the reference does. No statistics blob, no zone maps.
 */
public final class FileWriter {
    private static final DType.Bool VALIDITY = new DType.Bool(false);

    private FileWriter() {
    }

    /**
     * Writes a file, replacing any existing one.
     *
     * @param path the file
     * @param schema the table schema (field names must be unique)
     * @param chunks the rows, each chunk of exactly the schema's dtype
     * @return the file length in bytes
     * @throws UncheckedIOException when writing fails
     * @throws IllegalArgumentException when a chunk does not match the schema
     */
    public static long write(Path path, DType.Struct schema, Iterator<StructArray> chunks) {
        return write(path, schema, chunks, CanonicalEncoder::encode);
    }

    /**
     * Writes a file, replacing any existing one, encoding every column chunk with {@code encoder}
     * (e.g. a {@code io.jvortex.internal.compress.Compressor}).
     *
     * @param path the file
     * @param schema the table schema (field names must be unique)
     * @param chunks the rows, each chunk of exactly the schema's dtype
     * @param encoder encodes one column chunk
     * @return the file length in bytes
     */
    public static long write(Path path, DType.Struct schema, Iterator<StructArray> chunks,
                             java.util.function.Function<Canonical, WriteNode> encoder) {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            return write(channel, schema, chunks, encoder);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes a file to a channel positioned at its start (the channel stays open).
     *
     * @param out where to write
     * @param schema the table schema
     * @param chunks the rows
     * @return the bytes written
     */
    public static long write(WritableByteChannel out, DType.Struct schema, Iterator<StructArray> chunks) {
        return write(out, schema, chunks, CanonicalEncoder::encode);
    }

    /**
     * Writes a file to a channel positioned at its start (the channel stays open), encoding every
     * column chunk with {@code encoder}.
     *
     * @param out where to write
     * @param schema the table schema
     * @param chunks the rows
     * @param encoder encodes one column chunk
     * @return the bytes written
     */
    public static long write(WritableByteChannel out, DType.Struct schema, Iterator<StructArray> chunks,
                             java.util.function.Function<Canonical, WriteNode> encoder) {
        Objects.requireNonNull(schema, "schema");
        checkUniqueNames(schema);
        SegmentSink sink = new SegmentSink(out, 0);
        sink.writeBlob(FooterWriter.MAGIC);
        List<DType> columnTypes = new ArrayList<>(schema.fields());
        if (schema.nullable()) {
            columnTypes.add(VALIDITY);
        }
        ArrayIds arrayIds = ArrayIds.forDTypes(columnTypes);
        int columns = schema.fields().size() + (schema.nullable() ? 1 : 0);
        List<List<WriteLayout>> columnChunks = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            columnChunks.add(new ArrayList<>());
        }
        long rowCount = 0;
        while (chunks.hasNext()) {
            StructArray chunk = chunks.next();
            if (!chunk.dtype().equals(schema)) {
                throw new IllegalArgumentException("chunk of " + chunk.dtype().display() + " for schema "
                        + schema.display());
            }
            int len = chunk.length();
            if (len == 0) {
                continue;
            }
            int c = 0;
            if (schema.nullable()) {
                WriteNode validity = CanonicalEncoder.encode(validityColumn(chunk.validity(), len));
                columnChunks.get(c++).add(new WriteLayout.Flat(len, sink.writeSegment(
                        ArraySerializer.serialize(validity, arrayIds))));
            }
            for (Canonical field : chunk.fields()) {
                WriteNode node = column(field, encoder);
                columnChunks.get(c++).add(new WriteLayout.Flat(len, sink.writeSegment(
                        ArraySerializer.serialize(node, arrayIds))));
            }
            rowCount += len;
        }
        List<WriteLayout> children = new ArrayList<>(columns);
        for (List<WriteLayout> flats : columnChunks) {
            children.add(flats.size() == 1 ? flats.getFirst() : new WriteLayout.Chunked(rowCount, flats));
        }
        WriteLayout.Serialized layout = WriteLayout.serialize(new WriteLayout.Struct(rowCount, children));

        byte[] dtypeBlob = DTypeWriter.serialize(schema);
        FooterWriter.Blob dtype = new FooterWriter.Blob(sink.writeBlob(dtypeBlob), dtypeBlob.length);
        FooterWriter.Blob layoutBlob = new FooterWriter.Blob(sink.writeBlob(layout.blob()), layout.blob().length);
        byte[] footerBytes = FooterWriter.footer(arrayIds.ids(), layout.layoutIds(), sink.specs());
        FooterWriter.Blob footer = new FooterWriter.Blob(sink.writeBlob(footerBytes), footerBytes.length);
        byte[] postscript = FooterWriter.postscript(dtype, layoutBlob, null, footer);
        sink.writeBlob(postscript);
        sink.writeBlob(FooterWriter.trailer(postscript.length));
        return sink.position();
    }

    /** A column chunk: all null → constant null (what the reference writes), else canonical. */
    private static WriteNode column(Canonical field, java.util.function.Function<Canonical, WriteNode> encoder) {
        if (field.validity() instanceof Validity.AllInvalid && field.dtype().nullable()
                && !(field.dtype() instanceof DType.Null)) {
            return CanonicalEncoder.constant(Scalar.nullOf(field.dtype()));
        }
        return encoder.apply(field);
    }

    private static BoolArray validityColumn(Validity validity, int length) {
        return switch (validity) {
            case Validity.AllValid a -> filled(length, true);
            case Validity.AllInvalid a -> filled(length, false);
            case Validity.Bitmap b -> new BoolArray(VALIDITY, b.bits(), b.bitOffset(), length, Validity.ALL_VALID);
        };
    }

    private static BoolArray filled(int length, boolean value) {
        byte[] bits = new byte[(length + 7) >>> 3];
        if (value) {
            java.util.Arrays.fill(bits, (byte) -1);
        }
        return new BoolArray(VALIDITY, MemorySegment.ofArray(bits), 0, length, Validity.ALL_VALID);
    }

    private static void checkUniqueNames(DType.Struct schema) {
        if (new java.util.HashSet<>(schema.names()).size() != schema.names().size()) {
            throw new IllegalArgumentException("duplicate field names in " + schema.display());
        }
    }

}
