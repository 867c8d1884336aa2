package io.jvortex.internal.file;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.internal.format.DTypeFlatbuffers;
import io.jvortex.internal.format.TreeLimits;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.LayoutParser;
import io.jvortex.io.ByteSource;
import io.jvortex.io.IoOptions;
import io.jvortex.io.IoStats;
import io.jvortex.io.MappedFileSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import io.jvortex.spi.SerializedArray;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An opened Vortex file: the whole file mapped once into a shared arena (so many threads can read
 * it; readers of one unchanged file share the mapping, see {@link MappedFiles}), with its trailer, postscript, footer, dtype, layout tree and optional file statistics parsed
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
    /**
     * Most bytes of dtype, layout, statistics, footer and user metadata a file read through a byte
     * source may have: the metadata window is allocated at once, so a corrupt postscript must not size it.
     */
    public static final long MAX_METADATA_BYTES = 1L << 30;

    private final String source;
    /** The mapping of a file opened by path; null otherwise. */
    private final MappedFiles.Mapping mapping;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    /** The whole file when it is mapped or in memory; null for other byte sources. */
    private final MemorySegment data;
    /** The file's size in bytes. */
    private final long size;
    /** The bytes the metadata was parsed from: {@code [metaBase, size)} (the whole file when mapped). */
    private final MemorySegment meta;
    private final long metaBase;
    /** Fetches and caches segments when the file is not mapped; null when it is. */
    private final SegmentCache cache;
    private final ByteSource byteSource;
    private final DType dtype;
    private final List<String> arrayIds;
    private final List<String> layoutIds;
    private final SegmentSpec[] segments;
    private final Layout root;
    private final List<FbTable> fieldStatistics;
    private final Map<String, MemorySegment> userMetadata;
    private final java.util.concurrent.atomic.AtomicLongArray segmentReads;
    /**
     * The mapped file's channel, kept open so that point access can read a few bytes with one
     * {@code pread} instead of faulting in (and later unmapping) the pages around them; null when
     * the file was not opened from a path.
     */
    private final FileChannel channel;

    private final TreeLimits limits;

    private VortexFile(String source, MappedFiles.Mapping mapping, MemorySegment data, TreeLimits limits,
            FileChannel channel) {
        this(source, mapping, data, data.byteSize(), data, 0, null, null, limits, channel);
    }

    private VortexFile(String source, MappedFiles.Mapping mapping, MemorySegment data, long size, MemorySegment meta,
            long metaBase, SegmentCache cache, ByteSource byteSource, TreeLimits limits) {
        this(source, mapping, data, size, meta, metaBase, cache, byteSource, limits, null);
    }

    /**
     * @param data the whole file, or null when it is read through {@code cache}
     * @param size the file's size
     * @param meta bytes {@code [metaBase, size)}: at least the trailer and postscript, and every blob the
     *        postscript names (else the constructor fails naming the offset)
     */
    private VortexFile(String source, MappedFiles.Mapping mapping, MemorySegment data, long size, MemorySegment meta,
            long metaBase, SegmentCache cache, ByteSource byteSource, TreeLimits limits, FileChannel channel) {
        this.channel = channel;
        this.source = source;
        this.limits = limits;
        this.mapping = mapping;
        this.data = data;
        this.size = size;
        this.meta = meta;
        this.metaBase = metaBase;
        this.cache = cache;
        this.byteSource = byteSource;
        long psStart = postscriptStart(source, meta, metaBase, size);
        FbTable ps = FbTable.root(meta.asSlice(psStart - metaBase, size - EOF_SIZE - psStart),
                new FbTable.Origin(source, psStart, "postscript"));

        MemorySegment dtypeBlob = blob(ps, 0, "dtype", false, psStart);
        MemorySegment layoutBlob = blob(ps, 1, "layout", true, psStart);
        MemorySegment statsBlob = blob(ps, 2, "statistics", false, psStart);
        MemorySegment footerBlob = blob(ps, 3, "footer", true, psStart);
        this.userMetadata = userMetadata(ps, psStart);

        if (dtypeBlob == null) {
            throw error(psStart, "file has no dtype segment (written with exclude_dtype); supply the dtype");
        }
        this.dtype = DTypeFlatbuffers.read(FbTable.root(dtypeBlob, origin(dtypeBlob, "dtype")), limits.maxDepth());

        FbTable footer = FbTable.root(footerBlob, origin(footerBlob, "footer"));
        this.arrayIds = ids(footer, 0, "array");
        this.layoutIds = ids(footer, 1, "layout");
        this.segments = segmentSpecs(footer, footerBlob);
        this.segmentReads = new java.util.concurrent.atomic.AtomicLongArray(segments.length);

        this.fieldStatistics = statsBlob == null ? List.of() : fieldStatistics(statsBlob);

        FbTable layout = FbTable.root(layoutBlob, origin(layoutBlob, "layout"));
        this.root = new LayoutParser(source, layoutIds, segments.length, limits).parse(layout, dtype);
        if (cache != null) {
            cache.pin(pinnedSegments(root));
        }
    }

    /**
     * Checks the trailer in the last bytes and returns where the postscript starts.
     *
     * @param tail bytes {@code [tailBase, size)}, at least the 8-byte trailer
     */
    private static long postscriptStart(String source, MemorySegment tail, long tailBase, long size) {
        if (size < 4 + EOF_SIZE) {
            throw new VortexException(source, 0, null, "file of " + size + " bytes is too short for a Vortex file",
                    null);
        }
        long end = size - tailBase;
        if (tail.get(ValueLayout.JAVA_INT_UNALIGNED, end - 4) != MAGIC) {
            throw new VortexException(source, size - 4, null, "trailing magic is not VTXF", null);
        }
        int version = Short.toUnsignedInt(tail.get(ValueLayout.JAVA_SHORT_UNALIGNED, end - 8));
        if (version != VERSION) {
            throw new VortexException(source, size - 8, null, "unsupported format version " + version
                    + ", expected 1", null);
        }
        int psLen = Short.toUnsignedInt(tail.get(ValueLayout.JAVA_SHORT_UNALIGNED, end - 6));
        if (psLen > MAX_POSTSCRIPT_SIZE || psLen > size - EOF_SIZE - 4) {
            throw new VortexException(source, size - 6, null, "postscript length " + psLen + " does not fit the "
                    + size + "-byte file", null);
        }
        return size - EOF_SIZE - psLen;
    }

    /**
     * Opens a file through a byte source: one tail read of {@code tailReadBytes} (a remote source
     * answers it from the bytes it kept when it was opened), a second read only when the dtype,
     * layout, statistics and footer start before the tail. A {@link MappedFileSource} is used
     * zero-copy, exactly like {@link #open(Path)}. The file owns the source: closing the file closes it.
     *
     * @param byteSource the bytes
     * @param options tail read size, cache budget and prefetch window
     * @return the opened file
     * @throws VortexException when the bytes are not a valid Vortex file
     * @throws io.jvortex.io.RangeReadException when reading fails
     */
    public static VortexFile open(ByteSource byteSource, IoOptions options) {
        return open(byteSource, options, TreeLimits.DEFAULTS);
    }

    /**
     * Opens a file through a byte source with limits on its trees.
     *
     * @param byteSource the bytes
     * @param options tail read size, cache budget and prefetch window
     * @param limits the deepest dtype, layout and array tree and the most layout nodes accepted
     * @return the opened file
     * @throws VortexException when the bytes are not a valid Vortex file or exceed the limits
     * @throws io.jvortex.io.RangeReadException when reading fails
     */
    public static VortexFile open(ByteSource byteSource, IoOptions options, TreeLimits limits) {
        String name = byteSource instanceof MappedFileSource m ? m.path().toString() : byteSource.uri().toString();
        try {
            if (byteSource instanceof MappedFileSource m) {
                return new VortexFile(name, null, m.segment(), m.size(), m.segment(), 0, null, byteSource, limits);
            }
            long size = byteSource.size();
            if (size < 4 + EOF_SIZE) {
                throw new VortexException(name, 0, null, "file of " + size + " bytes is too short for a Vortex file",
                        null);
            }
            long tailBytes = Math.max(Math.min(options.tailReadBytes(), size), EOF_SIZE);
            long tailBase = size - tailBytes;
            MemorySegment tail = byteSource.readNow(tailBase, tailBytes);
            long psStart = postscriptStart(name, tail, tailBase, size);
            if (psStart < tailBase) {
                tailBase = psStart;
                tail = byteSource.readNow(tailBase, size - tailBase);
            }
            long metaStart = metadataStart(name, tail.asSlice(psStart - tailBase, size - EOF_SIZE - psStart), psStart);
            if (size - metaStart > MAX_METADATA_BYTES) {
                throw new VortexException(name, psStart, null, "postscript names metadata from offset " + metaStart
                        + ", " + (size - metaStart) + " bytes, more than the " + MAX_METADATA_BYTES
                        + " a reader accepts", null);
            }
            if (metaStart < tailBase) {
                // the footer, layout and dtype do not fit the tail: the one extra read
                MemorySegment head = byteSource.readNow(metaStart, tailBase - metaStart);
                MemorySegment whole = Arena.ofAuto().allocate(size - metaStart, 8);
                whole.copyFrom(head);
                whole.asSlice(tailBase - metaStart).copyFrom(tail);
                tail = whole.asReadOnly();
                tailBase = metaStart;
            }
            SegmentCache cache = new SegmentCache(byteSource, options);
            return new VortexFile(name, null, null, size, tail, tailBase, cache, byteSource, limits);
        } catch (RuntimeException | Error e) {
            byteSource.close();
            throw e;
        }
    }

    /** The lowest offset of the blobs the postscript names (dtype, layout, statistics, footer, user metadata). */
    private static long metadataStart(String name, MemorySegment postscript, long psStart) {
        FbTable ps = FbTable.root(postscript, new FbTable.Origin(name, psStart, "postscript"));
        long min = psStart;
        for (int field = 0; field < 4; field++) {
            FbTable seg = ps.table(field);
            if (seg != null) {
                min = Math.min(min, checkedBlobOffset(name, seg, psStart));
            }
        }
        int n = Math.min(ps.vectorLength(4), 16);
        for (int i = 0; i < n; i++) {
            FbTable seg = ps.tableAt(4, i).table(1);
            if (seg != null) {
                min = Math.min(min, checkedBlobOffset(name, seg, psStart));
            }
        }
        return min;
    }

    private static long checkedBlobOffset(String name, FbTable seg, long limit) {
        long offset = seg.u64(0, 0);
        long length = seg.u32(1, 0);
        if (offset < 0 || offset > limit || length > limit - offset) {
            throw new VortexException(name, seg.absoluteOffset(), null, "segment [" + Long.toUnsignedString(offset)
                    + ", +" + length + ") lies outside the file before the postscript at " + limit, null);
        }
        return offset;
    }

    /** Segments of zone tables and dictionary values: small, and read again by every scan. */
    private static java.util.BitSet pinnedSegments(Layout layout) {
        java.util.BitSet out = new java.util.BitSet();
        pinned(layout, false, out);
        return out;
    }

    private static void pinned(Layout layout, boolean pin, java.util.BitSet out) {
        switch (layout) {
            case Layout.Flat f -> {
                if (pin) {
                    out.set(f.segmentId());
                }
            }
            case Layout.Chunked c -> c.children().forEach(child -> pinned(child, pin, out));
            case Layout.Zoned z -> {
                pinned(z.data(), pin, out);
                if (z.zones() != null) {
                    pinned(z.zones(), true, out);
                }
            }
            case Layout.Struct s -> {
                if (s.validity() != null) {
                    pinned(s.validity(), pin, out);
                }
                s.fields().forEach(child -> pinned(child, pin, out));
            }
            case Layout.Dict d -> {
                pinned(d.values(), true, out);
                pinned(d.codes(), pin, out);
            }
            case Layout.List l -> {
                pinned(l.elements(), pin, out);
                pinned(l.offsets(), pin, out);
                if (l.validity() != null) {
                    pinned(l.validity(), pin, out);
                }
            }
            case Layout.Unknown u -> {
            }
        }
    }

    /** How long a file's mapping stays after its last reader closes, unless the reader options say otherwise. */
    public static final Duration DEFAULT_MAPPING_RETENTION = Duration.ofSeconds(10);

    /**
     * Maps and opens a file.
     *
     * @param path the file
     * @return the opened file; close it to release the mapping
     * @throws VortexException when the file is not a valid Vortex file
     * @throws UncheckedIOException when it cannot be read
     */
    public static VortexFile open(Path path) {
        return open(path, TreeLimits.DEFAULTS);
    }

    /**
     * Memory-maps a file with limits on its trees, keeping the mapping for
     * {@link #DEFAULT_MAPPING_RETENTION} after the last reader of the file closes.
     *
     * @param path the file
     * @param limits the deepest dtype, layout and array tree and the most layout nodes accepted
     * @return the opened file; close it to release the mapping
     * @throws VortexException when the file is not a valid Vortex file or exceeds the limits
     * @throws UncheckedIOException when it cannot be read
     */
    public static VortexFile open(Path path, TreeLimits limits) {
        return open(path, limits, DEFAULT_MAPPING_RETENTION);
    }

    /**
     * Memory-maps a file, sharing the mapping with the other readers of the same unchanged file (see
     * {@link MappedFiles}).
     *
     * @param path the file
     * @param limits the deepest dtype, layout and array tree and the most layout nodes accepted
     * @param mappingRetention how long the mapping stays after the file's last reader closes, so that
     *        opening it again is cheap; zero: unmapped when this reader closes, not shared
     * @return the opened file; close it to release the mapping
     * @throws VortexException when the file is not a valid Vortex file or exceeds the limits
     * @throws UncheckedIOException when it cannot be read
     */
    public static VortexFile open(Path path, TreeLimits limits, Duration mappingRetention) {
        FileChannel ch = null;
        MappedFiles.Mapping mapping = null;
        try {
            ch = FileChannel.open(path, StandardOpenOption.READ);
            mapping = MappedFiles.map(path, ch, mappingRetention);
            return new VortexFile(path.toString(), mapping, mapping.data(), limits, ch);
        } catch (IOException e) {
            closeQuietly(ch);
            if (mapping != null) {
                mapping.release();
            }
            throw new UncheckedIOException("cannot read " + path, e);
        } catch (RuntimeException e) {
            closeQuietly(ch);
            if (mapping != null) {
                mapping.release();
            }
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
        return of(data, source, TreeLimits.DEFAULTS);
    }

    /**
     * Opens a file held in memory with limits on its trees.
     *
     * @param data the file bytes
     * @param source a name for messages
     * @param limits the deepest dtype, layout and array tree and the most layout nodes accepted
     * @return the opened file
     */
    public static VortexFile of(MemorySegment data, String source, TreeLimits limits) {
        return new VortexFile(source, null, data.asReadOnly(), limits, null);
    }

    /** @return the limits this file was opened with */
    public TreeLimits limits() {
        return limits;
    }

    private FbTable.Origin origin(MemorySegment blob, String what) {
        return new FbTable.Origin(source, blob.address() - meta.address() + metaBase, what);
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
        if (offset < metaBase) {
            throw error(seg.absoluteOffset(), what + " segment at " + offset + " lies before the file's metadata read at "
                    + metaBase);
        }
        return meta.asSlice(offset - metaBase, length);
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
        long dataEnd = footerBlob.address() - meta.address() + metaBase;
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long offset = specs.get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * i);
            long length = Integer.toUnsignedLong(specs.get(ValueLayout.JAVA_INT_UNALIGNED, 16L * i + 8));
            int align = Byte.toUnsignedInt(specs.get(ValueLayout.JAVA_BYTE, 16L * i + 12));
            if (offset < 0 || offset > size || length > size - offset) {
                throw error(footer.absoluteOffset(), "segment " + i + " [" + Long.toUnsignedString(offset) + ", +"
                        + length + ") lies outside the " + size + "-byte file");
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
        if (n > 0 && out[n - 1].byteOffset() + out[n - 1].lengthBytes() > size) {
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

    /**
     * @return the whole file, read-only
     * @throws IllegalStateException when the file is read through a (remote) byte source, not mapped
     */
    public MemorySegment data() {
        if (data == null) {
            throw new IllegalStateException(source + " is not mapped; read its segments with segment(id)");
        }
        return data;
    }

    /** @return the file's size in bytes */
    public long byteSize() {
        return size;
    }

    /** @return the source the file was opened through, or null when it was mapped by {@link #open(Path)} */
    public ByteSource byteSource() {
        return byteSource;
    }

    /** @return the I/O counters of the source ({@link IoStats#EMPTY} when mapped by {@link #open(Path)}) */
    public IoStats ioStats() {
        return byteSource == null ? IoStats.EMPTY : byteSource.stats();
    }

    /** @return how many bytes a scan should keep requested ahead of decoding (0 when mapped) */
    public long prefetchWindowBytes() {
        return cache == null ? 0 : cache.windowBytes();
    }

    /** @return whether segments are slices of mapped or in-memory bytes (prefetching is then pointless) */
    public boolean isMapped() {
        return cache == null;
    }

    /**
     * Starts fetching segments that are neither cached nor in flight, as one vectored read (the
     * source coalesces neighbours and keeps several requests in flight). Does nothing for a mapped
     * file. Never blocks on I/O; failures surface when {@link #segment} is called.
     *
     * @param segmentIds the segments a reader will need soon
     */
    public void prefetch(int[] segmentIds) {
        if (cache != null && segmentIds.length > 0) {
            for (int id : segmentIds) {
                segmentSpec(id);
            }
            cache.prefetch(segmentIds, segments);
        }
    }

    /**
     * @param segmentId a segment id
     * @return whether reading the segment costs no new fetch: the file is mapped, or the segment is
     *         cached or already being fetched
     */
    public boolean segmentAvailable(int segmentId) {
        return cache == null || cache.contains(segmentId);
    }

    /**
     * Reads parts of segments straight from the source, outside the segment cache, as one vectored
     * read (take reading only the bytes its rows need), and waits for all of them.
     *
     * @param ranges absolute byte ranges, each within a segment
     * @param coalesceGapBytes the largest gap read to merge two ranges into one request
     * @return the bytes of each range, in order
     * @throws io.jvortex.io.RangeReadException when a read fails
     */
    public List<MemorySegment> readParts(List<io.jvortex.io.ByteRange> ranges, long coalesceGapBytes) {
        if (byteSource == null) {
            List<MemorySegment> out = new java.util.ArrayList<>(ranges.size());
            for (io.jvortex.io.ByteRange r : ranges) {
                out.add(data.asSlice(r.byteOffset(), r.lengthBytes()));
            }
            return out;
        }
        List<java.util.concurrent.CompletableFuture<MemorySegment>> futures = byteSource.read(ranges, coalesceGapBytes);
        List<MemorySegment> out = new java.util.ArrayList<>(futures.size());
        for (int i = 0; i < futures.size(); i++) {
            MemorySegment bytes;
            try {
                bytes = futures.get(i).join();
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            } catch (java.util.concurrent.CancellationException c) {
                throw new IllegalStateException("reading " + ranges.get(i) + " of " + source + " was cancelled", c);
            }
            if (bytes.byteSize() != ranges.get(i).lengthBytes()) {
                throw new VortexException(source, ranges.get(i).byteOffset(), null, "read " + bytes.byteSize()
                        + " bytes, expected " + ranges.get(i).lengthBytes(), null);
            }
            out.add(bytes);
        }
        return out;
    }

    /**
     * Drops prefetched segments that were never read (a scan closed early); in-flight reads finish
     * into nothing.
     *
     * @param segmentIds the segments a closed scan had prefetched
     */
    public void forget(int[] segmentIds) {
        if (cache != null) {
            cache.forgetUnread(segmentIds);
        }
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
     * Copies bytes of a segment with one positional read of the mapped file's channel, so that a
     * point access reading a few bytes does not fault in the pages around them: on a mapping each
     * first touch of a page costs a fault that maps (and at close unmaps) its neighbours too, several
     * times a {@code pread} of a few hundred bytes. The copy is allocated in {@code arena} at the
     * same address alignment modulo {@value #COPY_ALIGNMENT} as the mapped bytes, so decoders see the
     * alignment they would see on the mapping.
     *
     * @param segmentId a segment id
     * @param offset where the bytes start in the segment
     * @param length how many bytes (within the segment)
     * @param arena where the copy lives
     * @return the copy, or null when the file has no channel or the read fails or comes back short
     *     (the caller then reads the mapped segment, which holds the same bytes)
     */
    public MemorySegment copyOfSegment(int segmentId, long offset, long length, Arena arena) {
        SegmentSpec s = segmentSpec(segmentId);
        if (channel == null || offset < 0 || length < 0 || offset > s.lengthBytes() - length) {
            return null;
        }
        long start = s.byteOffset() + offset;
        long skew = start & (COPY_ALIGNMENT - 1);
        MemorySegment copy = arena.allocate(skew + length, COPY_ALIGNMENT).asSlice(skew, length);
        return readSegment(segmentId, offset, copy) ? copy.asReadOnly() : null;
    }

    /**
     * Reads bytes of a segment into {@code dst} with positional reads of the mapped file's channel
     * (see {@link #copyOfSegment}).
     *
     * @param segmentId a segment id
     * @param offset where the bytes start in the segment
     * @param dst receives {@code dst.byteSize()} bytes (within the segment)
     * @return whether {@code dst} holds them; false when the file has no channel, the range is
     *     outside the segment, or the read fails or comes back short (the mapping holds the same bytes)
     */
    public boolean readSegment(int segmentId, long offset, MemorySegment dst) {
        FileChannel ch = channel;
        SegmentSpec s = segmentSpec(segmentId);
        long length = dst.byteSize();
        if (ch == null || offset < 0 || offset > s.lengthBytes() - length) {
            return false;
        }
        long start = s.byteOffset() + offset;
        java.nio.ByteBuffer buf = dst.asByteBuffer();
        try {
            while (buf.hasRemaining()) {
                if (ch.read(buf, start + buf.position()) < 0) {
                    return false;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Closed (by close(), or by an interrupt during a read), or unreadable: the mapping still
            // holds the bytes.
            return false;
        }
        return true;
    }

    /**
     * @param segmentId a segment id
     * @param arena where copies live
     * @return reads of the segment's bytes for {@link SerializedArray#parse(MemorySegment, long, List, String,
     *     String, int, SerializedArray.Copier)}, or null when the file is not mapped from a path
     */
    public SerializedArray.Copier copier(int segmentId, Arena arena) {
        if (channel == null) {
            return null;
        }
        return new SerializedArray.Copier() {
            @Override
            public MemorySegment copy(long offset, long length) {
                return copyOfSegment(segmentId, offset, length, arena);
            }

            @Override
            public boolean read(long offset, MemorySegment dst) {
                return readSegment(segmentId, offset, dst);
            }
        };
    }

    /** Alignment of {@link #copyOfSegment} copies relative to the file: a cache line. */
    public static final int COPY_ALIGNMENT = 64;

    /**
     * @param segmentId a segment id
     * @return a zero-copy slice of the segment's bytes
     */
    public MemorySegment segment(int segmentId) {
        SegmentSpec s = segmentSpec(segmentId);
        segmentReads.incrementAndGet(segmentId);
        if (cache == null) {
            return data.asSlice(s.byteOffset(), s.lengthBytes());
        }
        return cache.get(segmentId, s);
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

    /**
     * Releases the file's mapping (unmapped once no reader holds it and its retention has passed) or closes
     * its byte source, cancelling in-flight reads; later calls do nothing.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            closeQuietly(channel);
            if (mapping != null) {
                mapping.release();
            }
            if (cache != null) {
                cache.close();
            }
            if (byteSource != null) {
                byteSource.close();
            }
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // Only read from: nothing to flush, nothing lost.
            }
        }
    }

    @Override
    public String toString() {
        return "VortexFile[" + source + ", " + rowCount() + " rows, " + dtype.display() + ", segments="
                + Arrays.asList(segments).size() + "]";
    }
}
