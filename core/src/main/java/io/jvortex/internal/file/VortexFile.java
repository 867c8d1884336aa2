package io.jvortex.internal.file;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.internal.format.DTypeFlatbuffers;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.LayoutParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An opened Vortex file: the whole file mapped once into a shared arena (so many threads can read
 * it), with its trailer, postscript, footer, dtype, layout tree and optional file statistics parsed
 * and validated. Data segments are sliced lazily, zero-copy.
 *
 * <p>Byte layout: {@code "VTXF" [segments…] [dtype][layout][statistics][footer][postscript]
 * u16 version=1, u16 postscript length, "VTXF"}.
 */
public final class VortexFile implements AutoCloseable {
    /** The 4-byte magic at both ends of a file. */
    public static final int MAGIC = 0x46585456; // "VTXF" little-endian
    /** Size of the trailer (version, postscript length, magic). */
    public static final int EOF_SIZE = 8;
    /** The only format version. */
    public static final int VERSION = 1;
    /** Largest postscript. */
    public static final int MAX_POSTSCRIPT_SIZE = 65535 - EOF_SIZE;

    private final String source;
    private final Arena arena;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    private final MemorySegment data;
    private final DType dtype;
    private final List<String> arrayIds;
    private final List<String> layoutIds;
    private final SegmentSpec[] segments;
    private final Layout root;
    private final List<FbTable> fieldStatistics;
    private final Map<String, MemorySegment> userMetadata;
    private final java.util.concurrent.atomic.AtomicLongArray segmentReads;

    private VortexFile(String source, Arena arena, MemorySegment data) {
        this.source = source;
        this.arena = arena;
        this.data = data;
        long size = data.byteSize();
        if (size < 4 + EOF_SIZE) {
            throw error(0, "file of " + size + " bytes is too short for a Vortex file");
        }
        if (data.get(ValueLayout.JAVA_INT_UNALIGNED, size - 4) != MAGIC) {
            throw error(size - 4, "trailing magic is not VTXF");
        }
        int version = Short.toUnsignedInt(data.get(ValueLayout.JAVA_SHORT_UNALIGNED, size - 8));
        if (version != VERSION) {
            throw error(size - 8, "unsupported format version " + version + ", expected 1");
        }
        int psLen = Short.toUnsignedInt(data.get(ValueLayout.JAVA_SHORT_UNALIGNED, size - 6));
        if (psLen > MAX_POSTSCRIPT_SIZE || psLen > size - EOF_SIZE - 4) {
            throw error(size - 6, "postscript length " + psLen + " does not fit the " + size + "-byte file");
        }
        long psStart = size - EOF_SIZE - psLen;
        FbTable ps = FbTable.root(data.asSlice(psStart, psLen), new FbTable.Origin(source, psStart, "postscript"));

        MemorySegment dtypeBlob = blob(ps, 0, "dtype", false, psStart);
        MemorySegment layoutBlob = blob(ps, 1, "layout", true, psStart);
        MemorySegment statsBlob = blob(ps, 2, "statistics", false, psStart);
        MemorySegment footerBlob = blob(ps, 3, "footer", true, psStart);
        this.userMetadata = userMetadata(ps, psStart);

        if (dtypeBlob == null) {
            throw error(psStart, "file has no dtype segment (written with exclude_dtype); supply the dtype");
        }
        this.dtype = DTypeFlatbuffers.read(FbTable.root(dtypeBlob, origin(dtypeBlob, "dtype")));

        FbTable footer = FbTable.root(footerBlob, origin(footerBlob, "footer"));
        this.arrayIds = ids(footer, 0, "array");
        this.layoutIds = ids(footer, 1, "layout");
        this.segments = segmentSpecs(footer, footerBlob);
        this.segmentReads = new java.util.concurrent.atomic.AtomicLongArray(segments.length);

        this.fieldStatistics = statsBlob == null ? List.of() : fieldStatistics(statsBlob);

        FbTable layout = FbTable.root(layoutBlob, origin(layoutBlob, "layout"));
        this.root = new LayoutParser(source, layoutIds, segments.length).parse(layout, dtype);
    }

    /**
     * Maps and opens a file.
     *
     * @param path the file
     * @return the opened file; close it to unmap
     * @throws VortexException when the file is not a valid Vortex file
     * @throws UncheckedIOException when it cannot be read
     */
    public static VortexFile open(Path path) {
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            MemorySegment data = size == 0 ? arena.allocate(0) : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return new VortexFile(path.toString(), arena, data.asReadOnly());
        } catch (IOException e) {
            arena.close();
            throw new UncheckedIOException("cannot read " + path, e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Opens a file held in memory (the segment must stay valid while the file is used).
     *
     * @param data the file bytes
     * @param source a name for messages
     * @return the opened file
     */
    public static VortexFile of(MemorySegment data, String source) {
        return new VortexFile(source, null, data.asReadOnly());
    }

    private FbTable.Origin origin(MemorySegment blob, String what) {
        return new FbTable.Origin(source, blob.address() - data.address(), what);
    }

    private MemorySegment blob(FbTable ps, int field, String what, boolean required, long limit) {
        FbTable seg = ps.table(field);
        if (seg == null) {
            if (required) {
                throw error(ps.absoluteOffset(), "postscript has no " + what + " segment");
            }
            return null;
        }
        return slice(seg, what, limit);
    }

    private MemorySegment slice(FbTable seg, String what, long limit) {
        long offset = seg.u64(0, 0);
        long length = seg.u32(1, 0);
        if (offset < 0 || offset > limit || length > limit - offset) {
            throw error(seg.absoluteOffset(), what + " segment [" + Long.toUnsignedString(offset) + ", +" + length
                    + ") lies outside the file before the postscript at " + limit);
        }
        return data.asSlice(offset, length);
    }

    private Map<String, MemorySegment> userMetadata(FbTable ps, long limit) {
        int n = ps.vectorLength(4);
        if (n == 0) {
            return Map.of();
        }
        if (n > 16) {
            throw error(ps.absoluteOffset(), "postscript lists " + n + " user metadata segments, at most 16 allowed");
        }
        Map<String, MemorySegment> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            FbTable entry = ps.tableAt(4, i);
            String key = entry.string(0);
            FbTable seg = entry.table(1);
            if (key == null || key.isEmpty() || seg == null) {
                throw error(entry.absoluteOffset(), "user metadata entry " + i + " lacks a key or segment");
            }
            if (out.put(key, slice(seg, "user metadata '" + key + "'", limit)) != null) {
                throw error(entry.absoluteOffset(), "duplicate user metadata key '" + key + "'");
            }
        }
        return Collections.unmodifiableMap(out);
    }

    private List<String> ids(FbTable footer, int field, String kind) {
        int n = footer.vectorLength(field);
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String id = footer.tableAt(field, i).string(0);
            if (id == null) {
                throw error(footer.absoluteOffset(), kind + " spec " + i + " has no id");
            }
            out.add(id);
        }
        return List.copyOf(out);
    }

    private SegmentSpec[] segmentSpecs(FbTable footer, MemorySegment footerBlob) {
        if (!footer.has(2)) {
            throw error(footer.absoluteOffset(), "footer has no segment_specs");
        }
        MemorySegment specs = footer.structVector(2, 16);
        int n = (int) (specs.byteSize() / 16);
        SegmentSpec[] out = new SegmentSpec[n];
        long dataEnd = footerBlob.address() - data.address();
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long offset = specs.get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * i);
            long length = Integer.toUnsignedLong(specs.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * i + 8));
            int align = Byte.toUnsignedInt(specs.get(ValueLayout.JAVA_BYTE, 16L * i + 12));
            if (offset < 0 || offset > data.byteSize() || length > data.byteSize() - offset) {
                throw error(footer.absoluteOffset(), "segment " + i + " [" + Long.toUnsignedString(offset) + ", +"
                        + length + ") lies outside the " + data.byteSize() + "-byte file");
            }
            if (offset < prev) {
                throw error(footer.absoluteOffset(), "segment offsets are not ordered at segment " + i);
            }
            if (align > 16) {
                throw error(footer.absoluteOffset(), "segment " + i + " alignment exponent " + align + " too large");
            }
            prev = offset;
            out[i] = new SegmentSpec(offset, length, align);
        }
        if (n > 0 && out[n - 1].byteOffset() + out[n - 1].lengthBytes() > data.byteSize()) {
            throw error(dataEnd, "last segment runs past the end of the file");
        }
        return out;
    }

    private List<FbTable> fieldStatistics(MemorySegment blob) {
        FbTable stats = FbTable.root(blob, origin(blob, "statistics"));
        int n = stats.vectorLength(0);
        int expected = dtype instanceof DType.Struct s ? s.fields().size() : 1;
        if (n != expected) {
            throw error(stats.absoluteOffset(), "file statistics has " + n + " entries, expected " + expected);
        }
        List<FbTable> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(stats.tableAt(0, i));
        }
        return List.copyOf(out);
    }

    private VortexException error(long offset, String problem) {
        return new VortexException(source, offset, null, problem, null);
    }

    /** @return the file name (for messages) */
    public String source() {
        return source;
    }

    /** @return the whole file, read-only */
    public MemorySegment data() {
        return data;
    }

    /** @return the file's root dtype */
    public DType dtype() {
        return dtype;
    }

    /** @return the number of rows */
    public long rowCount() {
        return root.rowCount();
    }

    /** @return the root layout */
    public Layout rootLayout() {
        return root;
    }

    /** @return the array-id table (indices used by flat segments) */
    public List<String> arrayIds() {
        return arrayIds;
    }

    /** @return the layout-id table */
    public List<String> layoutIds() {
        return layoutIds;
    }

    /** @return the number of data segments */
    public int segmentCount() {
        return segments.length;
    }

    /**
     * @param segmentId a segment id
     * @return where it lives
     */
    public SegmentSpec segmentSpec(int segmentId) {
        if (segmentId < 0 || segmentId >= segments.length) {
            throw new VortexException(source, VortexException.NO_OFFSET, null,
                    "segment id " + segmentId + " outside the footer's " + segments.length + " segments", null);
        }
        return segments[segmentId];
    }

    /**
     * @param segmentId a segment id
     * @return a zero-copy slice of the segment's bytes
     */
    public MemorySegment segment(int segmentId) {
        SegmentSpec s = segmentSpec(segmentId);
        segmentReads.incrementAndGet(segmentId);
        return data.asSlice(s.byteOffset(), s.lengthBytes());
    }

    /**
     * How often {@link #segment} handed out a segment since the file was opened (or the counters were
     * reset): lets tests and tools observe which data a scan touched, e.g. that pruned zones were
     * never read. Safe to call from any thread.
     *
     * @param segmentId a segment id
     * @return the number of reads of that segment
     */
    public long segmentReadCount(int segmentId) {
        segmentSpec(segmentId);
        return segmentReads.get(segmentId);
    }

    /** @return the bytes of all segment reads so far (a segment read twice counts twice) */
    public long segmentBytesRead() {
        long total = 0;
        for (int i = 0; i < segments.length; i++) {
            total += segmentReads.get(i) * segments[i].lengthBytes();
        }
        return total;
    }

    /** Sets every segment's read count back to 0. */
    public void resetSegmentReads() {
        for (int i = 0; i < segments.length; i++) {
            segmentReads.set(i, 0);
        }
    }

    /** @return raw {@code ArrayStats} tables per top-level field (empty when the file has none) */
    public List<FbTable> fieldStatisticsTables() {
        return fieldStatistics;
    }

    /**
     * @return parsed file-level statistics per top-level field (one entry for a non-struct root),
     *     or an empty list when the file has none
     */
    public List<io.jvortex.scalar.ArrayStatistics> fieldStatistics() {
        List<io.jvortex.scalar.ArrayStatistics> out = new ArrayList<>(fieldStatistics.size());
        for (int i = 0; i < fieldStatistics.size(); i++) {
            DType t = dtype instanceof DType.Struct s ? s.fields().get(i) : dtype;
            out.add(io.jvortex.internal.format.StatisticsTables.read(fieldStatistics.get(i), t));
        }
        return out;
    }

    /** @return user metadata segments by key (0.90+ files; empty otherwise) */
    public Map<String, MemorySegment> userMetadata() {
        return userMetadata;
    }

    /** Unmaps the file; later calls do nothing. */
    @Override
    public void close() {
        if (arena != null && closed.compareAndSet(false, true)) {
            arena.close();
        }
    }

    @Override
    public String toString() {
        return "VortexFile[" + source + ", " + rowCount() + " rows, " + dtype.display() + ", segments="
                + Arrays.asList(segments).size() + "]";
    }
}
