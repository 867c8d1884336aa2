package io.jvortex.internal.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.flatbuffers.FbBuilder;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.io.ByteRange;
import io.jvortex.io.ChannelFileSource;
import io.jvortex.io.IoOptions;
import io.jvortex.io.IoStats;
import io.jvortex.testutil.SampleFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trailer, postscript and footer of a Rust-written file ({@code tiny.vortex}) rewritten field by
 * field: each check of {@link VortexFile} at its limit, with the message and the file offset it names;
 * and the same file opened through a byte source, whose metadata arrives in one or two reads.
 */
class VortexFileFooterTest {
    /** A blob the postscript names. */
    private record Seg(long offset, long length) {
    }

    /** A user metadata entry (null key or segment: left out of the table). */
    private record Entry(String key, Seg seg) {
    }

    /** The parts of a file: the bytes before the postscript and what the postscript names. */
    private record Parts(byte[] body, Seg dtype, Seg layout, Seg stats, Seg footer, List<Entry> user) {
        Parts with(Consumer<Builder> change) {
            Builder b = new Builder(this);
            change.accept(b);
            return b.build();
        }
    }

    private static final class Builder {
        byte[] body;
        Seg dtype;
        Seg layout;
        Seg stats;
        Seg footer;
        List<Entry> user;

        Builder(Parts p) {
            body = p.body;
            dtype = p.dtype;
            layout = p.layout;
            stats = p.stats;
            footer = p.footer;
            user = new ArrayList<>(p.user);
        }

        /** Appends bytes to the body and returns their segment. */
        Seg append(byte[] bytes) {
            Seg s = new Seg(body.length, bytes.length);
            byte[] next = new byte[body.length + bytes.length];
            System.arraycopy(body, 0, next, 0, body.length);
            System.arraycopy(bytes, 0, next, body.length, bytes.length);
            body = next;
            return s;
        }

        Parts build() {
            return new Parts(body, dtype, layout, stats, footer, List.copyOf(user));
        }
    }

    private static Parts tiny;
    private static List<String> arrayIds;
    private static List<String> layoutIds;
    private static List<SegmentSpec> segments;

    private static Seg seg(FbTable ps, int field) {
        FbTable t = ps.table(field);
        return t == null ? null : new Seg(t.u64(0, 0), t.u32(1, 0));
    }

    @BeforeAll
    static void readTiny() throws IOException {
        byte[] bytes = SampleFiles.bytes("tiny.vortex");
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int psLen = Short.toUnsignedInt(b.getShort(bytes.length - 6));
        int psStart = bytes.length - 8 - psLen;
        FbTable ps = FbTable.root(MemorySegment.ofArray(bytes).asSlice(psStart, psLen),
                new FbTable.Origin("tiny", psStart, "postscript"));
        assertThat(ps.vectorLength(4)).isZero();
        tiny = new Parts(java.util.Arrays.copyOf(bytes, psStart), seg(ps, 0), seg(ps, 1), seg(ps, 2), seg(ps, 3),
                List.of());
        try (VortexFile f = VortexFile.of(MemorySegment.ofArray(bytes), "tiny")) {
            arrayIds = f.arrayIds();
            layoutIds = f.layoutIds();
            segments = new ArrayList<>();
            for (int i = 0; i < f.segmentCount(); i++) {
                segments.add(f.segmentSpec(i));
            }
        }
        assertThat(tiny.stats()).isNotNull();
        assertThat(segments).isNotEmpty();
    }

    private static int segmentTable(FbBuilder fb, Seg s) {
        fb.startTable(3);
        fb.addLong(0, s.offset(), 0);
        fb.addInt(1, s.length(), 0);
        return fb.endTable();
    }

    /** The file's bytes: body, postscript, trailer. */
    private static byte[] assemble(Parts p) {
        FbBuilder fb = new FbBuilder();
        int[] entries = new int[p.user().size()];
        for (int i = 0; i < entries.length; i++) {
            Entry e = p.user().get(i);
            int key = e.key() == null ? 0 : fb.createString(e.key());
            int s = e.seg() == null ? 0 : segmentTable(fb, e.seg());
            fb.startTable(2);
            if (key != 0) {
                fb.addOffset(0, key);
            }
            if (s != 0) {
                fb.addOffset(1, s);
            }
            entries[i] = fb.endTable();
        }
        int user = entries.length == 0 ? 0 : fb.createOffsetVector(entries);
        int[] fields = new int[4];
        Seg[] segs = {p.dtype(), p.layout(), p.stats(), p.footer()};
        for (int i = 0; i < 4; i++) {
            fields[i] = segs[i] == null ? 0 : segmentTable(fb, segs[i]);
        }
        fb.startTable(5);
        for (int i = 0; i < 4; i++) {
            if (fields[i] != 0) {
                fb.addOffset(i, fields[i]);
            }
        }
        if (user != 0) {
            fb.addOffset(4, user);
        }
        byte[] ps = fb.finish(fb.endTable());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(p.body());
        out.writeBytes(ps);
        out.writeBytes(new byte[] {1, 0, (byte) ps.length, (byte) (ps.length >>> 8), 'V', 'T', 'X', 'F'});
        return out.toByteArray();
    }

    private static VortexFile open(Parts p) {
        return VortexFile.of(MemorySegment.ofArray(assemble(p)), "f.vortex");
    }

    private static long psStart(Parts p) {
        return p.body().length;
    }

    private static void refused(Parts p, long offset, String problem) {
        assertThatThrownBy(() -> open(p)).isInstanceOfSatisfying(VortexException.class, e -> {
            assertThat(e.problem()).isEqualTo(problem);
            assertThat(e.byteOffset()).isEqualTo(offset);
            assertThat(e.source()).isEqualTo("f.vortex");
        });
    }

    /** A footer blob with the given ids and segments (offset, length, alignment exponent). */
    private static byte[] footer(List<String> arrays, List<String> layouts, long[][] specs) {
        FbBuilder fb = new FbBuilder();
        int a = specs(fb, arrays);
        int l = specs(fb, layouts);
        int s = 0;
        if (specs != null) {
            ByteBuffer packed = ByteBuffer.allocate(16 * specs.length).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < specs.length; i++) {
                packed.putLong(16 * i, specs[i][0]).putInt(16 * i + 8, (int) specs[i][1])
                        .put(16 * i + 12, (byte) specs[i][2]);
            }
            s = fb.createStructVector(packed.array(), 16, 8);
        }
        fb.startTable(3);
        fb.addOffset(0, a);
        fb.addOffset(1, l);
        if (s != 0) {
            fb.addOffset(2, s);
        }
        return fb.finish(fb.endTable());
    }

    private static int specs(FbBuilder fb, List<String> ids) {
        int[] tables = new int[ids.size()];
        for (int i = 0; i < tables.length; i++) {
            int id = ids.get(i) == null ? 0 : fb.createString(ids.get(i));
            fb.startTable(1);
            if (id != 0) {
                fb.addOffset(0, id);
            }
            tables[i] = fb.endTable();
        }
        return fb.createOffsetVector(tables);
    }

    private static long[][] tinySpecs() {
        long[][] out = new long[segments.size()][];
        for (int i = 0; i < out.length; i++) {
            SegmentSpec s = segments.get(i);
            out[i] = new long[] {s.byteOffset(), s.lengthBytes(), s.alignmentExponent()};
        }
        return out;
    }

    private static Parts withFooter(List<String> arrays, List<String> layouts, long[][] specs) {
        return tiny.with(b -> b.footer = b.append(footer(arrays, layouts, specs)));
    }

    @Test
    void aRebuiltPostscriptOpensLikeTheOriginal() {
        try (VortexFile f = open(tiny)) {
            assertThat(f.arrayIds()).isEqualTo(arrayIds);
            assertThat(f.segmentCount()).isEqualTo(segments.size());
            assertThat(f.fieldStatisticsTables()).isNotEmpty();
            assertThat(f.userMetadata()).isEmpty();
            assertThat(f.isMapped()).isTrue();
            assertThat(f.prefetchWindowBytes()).isZero();
            assertThat(f.ioStats()).isEqualTo(IoStats.EMPTY);
            assertThat(f.byteSource()).isNull();
            assertThat(f.segmentAvailable(0)).isTrue();
            assertThat(f.byteSize()).isEqualTo(assemble(tiny).length);
            assertThat(f.data().byteSize()).isEqualTo(f.byteSize());
            assertThat(f.source()).isEqualTo("f.vortex");
            assertThat(f.toString()).isEqualTo("VortexFile[f.vortex, " + f.rowCount() + " rows, "
                    + f.dtype().display() + ", segments=" + segments.size() + "]");
        }
        try (VortexFile f = open(withFooter(arrayIds, layoutIds, tinySpecs()))) {
            assertThat(f.layoutIds()).isEqualTo(layoutIds);
            assertThat(f.segmentSpec(0)).isEqualTo(segments.get(0));
        }
    }

    @Test
    void segmentsAreCountedWhenReadAndCheckedById() {
        try (VortexFile f = open(tiny)) {
            int last = f.segmentCount() - 1;
            SegmentSpec s = f.segmentSpec(last);
            MemorySegment bytes = f.segment(last);
            assertThat(bytes.byteSize()).isEqualTo(s.lengthBytes());
            assertThat(bytes.get(ValueLayout.JAVA_BYTE, 0)).isEqualTo(f.data().get(ValueLayout.JAVA_BYTE,
                    s.byteOffset()));
            f.segment(last);
            f.segment(0);
            assertThat(f.segmentReadCount(last)).isEqualTo(2);
            assertThat(last).isPositive();
            assertThat(f.segmentReadCount(0)).isEqualTo(1);
            assertThat(f.segmentBytesRead()).isEqualTo(2 * s.lengthBytes() + f.segmentSpec(0).lengthBytes());
            f.resetSegmentReads();
            assertThat(f.segmentReadCount(last)).isZero();
            assertThat(f.segmentReadCount(0)).isZero();
            assertThat(f.segmentBytesRead()).isZero();
            for (int bad : new int[] {-1, last + 1}) {
                assertThatThrownBy(() -> f.segmentSpec(bad)).isInstanceOfSatisfying(VortexException.class, e -> {
                    assertThat(e.problem()).isEqualTo("segment id " + bad + " outside the footer's " + (last + 1)
                            + " segments");
                    assertThat(e.byteOffset()).isEqualTo(VortexException.NO_OFFSET);
                });
                assertThatThrownBy(() -> f.segmentReadCount(bad)).isInstanceOf(VortexException.class);
            }
            List<MemorySegment> parts = f.readParts(List.of(new ByteRange(s.byteOffset(), 1),
                    new ByteRange(s.byteOffset() + 1, s.lengthBytes() - 1)), 0);
            assertThat(parts).extracting(MemorySegment::byteSize).containsExactly(1L, s.lengthBytes() - 1);
            f.prefetch(new int[] {0});
            f.forget(new int[] {0});
            assertThat(f.segmentReadCount(0)).isZero();
        }
    }

    @Test
    void theTrailerIsCheckedByteByByte() {
        byte[] good = assemble(tiny);
        for (int size : new int[] {0, 11}) {
            assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(new byte[size]), "f.vortex"))
                    .isInstanceOfSatisfying(VortexException.class, e -> {
                        assertThat(e.problem()).isEqualTo("file of " + size + " bytes is too short for a Vortex file");
                        assertThat(e.byteOffset()).isZero();
                    });
        }
        // a 12-byte file passes the size check: its postscript length (0) is what fails next
        byte[] twelve = {'V', 'T', 'X', 'F', 0, 0, 0, 0, 1, 0, 0, 0};
        System.arraycopy(good, good.length - 4, twelve, 8, 4);
        twelve[4] = 1;
        twelve[6] = 0;
        assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(twelve), "f.vortex"))
                .isInstanceOf(VortexException.class).hasMessageNotContaining("too short for a Vortex file");
        byte[] longPs = good.clone();
        int tooLong = good.length - 8 - 4 + 1;
        longPs[good.length - 6] = (byte) tooLong;
        longPs[good.length - 5] = (byte) (tooLong >>> 8);
        assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(longPs), "f.vortex"))
                .isInstanceOfSatisfying(VortexException.class, e -> {
                    assertThat(e.problem()).isEqualTo("postscript length " + tooLong + " does not fit the "
                            + good.length + "-byte file");
                    assertThat(e.byteOffset()).isEqualTo(good.length - 6);
                });
        byte[] badMagic = good.clone();
        badMagic[good.length - 4] = 'v';
        assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(badMagic), "f.vortex"))
                .isInstanceOfSatisfying(VortexException.class, e -> {
                    assertThat(e.problem()).isEqualTo("trailing magic is not VTXF");
                    assertThat(e.byteOffset()).isEqualTo(good.length - 4);
                });
        byte[] version0 = good.clone();
        version0[good.length - 8] = 0;
        assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(version0), "f.vortex"))
                .isInstanceOf(VortexException.class).hasMessageContaining("unsupported format version 0, expected 1");
        byte[] version257 = good.clone();
        version257[good.length - 7] = 1;
        assertThatThrownBy(() -> VortexFile.of(MemorySegment.ofArray(version257), "f.vortex"))
                .isInstanceOf(VortexException.class).hasMessageContaining("unsupported format version 257");
    }

    @Test
    void theDtypeLayoutAndFooterMustBeNamed() {
        long ps = psStart(tiny);
        refused(tiny.with(b -> b.dtype = null), ps,
                "file has no dtype segment (written with exclude_dtype); supply the dtype");
        // the postscript's root table, a few bytes into the postscript
        assertThatThrownBy(() -> open(tiny.with(b -> b.layout = null))).isInstanceOfSatisfying(
                VortexException.class, e -> {
                    assertThat(e.problem()).isEqualTo("postscript has no layout segment");
                    assertThat(e.byteOffset()).isBetween(ps + 4, ps + 64);
                });
        assertThatThrownBy(() -> open(tiny.with(b -> b.footer = null))).isInstanceOf(VortexException.class)
                .hasMessageContaining("postscript has no footer segment");
        try (VortexFile f = open(tiny.with(b -> b.stats = null))) {
            assertThat(f.fieldStatisticsTables()).isEmpty();
            assertThat(f.fieldStatistics()).isEmpty();
        }
    }

    @Test
    void blobsMustEndBeforeThePostscript() {
        long ps = psStart(tiny);
        // the footer is the last blob and ends exactly at the postscript
        assertThat(tiny.footer().offset() + tiny.footer().length()).isEqualTo(ps);
        assertThatThrownBy(() -> open(tiny.with(b -> b.footer = new Seg(b.footer.offset(), b.footer.length() + 1))))
                .isInstanceOfSatisfying(VortexException.class, e -> assertThat(e.problem()).isEqualTo(
                        "footer segment [" + tiny.footer().offset() + ", +" + (tiny.footer().length() + 1)
                                + ") lies outside the file before the postscript at " + ps));
        assertThatThrownBy(() -> open(tiny.with(b -> b.dtype = new Seg(ps + 1, 0))))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("dtype segment [" + (ps + 1) + ", +0) lies outside the file");
        assertThatThrownBy(() -> open(tiny.with(b -> b.layout = new Seg(-1, 0))))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("layout segment [18446744073709551615, +0) lies outside");
        // an empty statistics blob at the postscript itself is inside; as a flatbuffer it is too short
        assertThatThrownBy(() -> open(tiny.with(b -> b.stats = new Seg(ps, 0))))
                .isInstanceOf(VortexException.class).hasMessageContaining("flatbuffer of 0 bytes is too short");
    }

    @Test
    void userMetadataIsReadByKeyInOrder() {
        Parts p = tiny.with(b -> {
            Seg one = b.append("first".getBytes(StandardCharsets.UTF_8));
            Seg two = b.append("second".getBytes(StandardCharsets.UTF_8));
            b.user.add(new Entry("z", one));
            b.user.add(new Entry("a", two));
        });
        try (VortexFile f = open(p)) {
            assertThat(f.userMetadata()).containsOnlyKeys("z", "a");
            assertThat(List.copyOf(f.userMetadata().keySet())).containsExactly("z", "a");
            assertThat(new String(f.userMetadata().get("a").toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8))
                    .isEqualTo("second");
            assertThatThrownBy(() -> f.userMetadata().put("b", MemorySegment.NULL))
                    .isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Test
    void userMetadataEntriesAreChecked() {
        Seg some = new Seg(0, 4);
        Parts sixteen = tiny.with(b -> {
            for (int i = 0; i < 16; i++) {
                b.user.add(new Entry("k" + i, some));
            }
        });
        try (VortexFile f = open(sixteen)) {
            assertThat(f.userMetadata()).hasSize(16);
        }
        long ps = psStart(tiny);
        assertThatThrownBy(() -> open(sixteen.with(b -> b.user.add(new Entry("k16", some)))))
                .isInstanceOfSatisfying(VortexException.class, e -> {
                    assertThat(e.problem()).isEqualTo("postscript lists 17 user metadata segments, at most 16 allowed");
                    assertThat(e.byteOffset()).isGreaterThan(ps);
                });
        for (Entry bad : List.of(new Entry(null, some), new Entry("", some), new Entry("k", null))) {
            assertThatThrownBy(() -> open(tiny.with(b -> {
                b.user.add(new Entry("ok", some));
                b.user.add(bad);
            }))).isInstanceOf(VortexException.class).hasMessageContaining("user metadata entry 1 lacks a key or segment");
        }
        assertThatThrownBy(() -> open(tiny.with(b -> {
            b.user.add(new Entry("k", some));
            b.user.add(new Entry("k", some));
        }))).isInstanceOf(VortexException.class).hasMessageContaining("duplicate user metadata key 'k'");
        assertThatThrownBy(() -> open(tiny.with(b -> b.user.add(new Entry("k", new Seg(ps, 1))))))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("user metadata 'k' segment [" + ps + ", +1) lies outside the file");
    }

    @Test
    void footerIdsMustBeStrings() {
        List<String> arrays = new ArrayList<>(arrayIds);
        arrays.set(0, null);
        assertThatThrownBy(() -> open(withFooter(arrays, layoutIds, tinySpecs())))
                .isInstanceOf(VortexException.class).hasMessageContaining("array spec 0 has no id");
        List<String> layouts = new ArrayList<>(layoutIds);
        layouts.set(layouts.size() - 1, null);
        assertThatThrownBy(() -> open(withFooter(arrayIds, layouts, tinySpecs())))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("layout spec " + (layouts.size() - 1) + " has no id");
    }

    @Test
    void segmentSpecsMustBeOrderedAlignedAndInsideTheFile() {
        assertThatThrownBy(() -> open(withFooter(arrayIds, layoutIds, null))).isInstanceOf(VortexException.class)
                .hasMessageContaining("footer has no segment_specs");
        long size = assemble(withFooter(arrayIds, layoutIds, tinySpecs())).length;
        long[][] specs = tinySpecs();
        int last = specs.length - 1;
        // an aligned exponent up to 16 is fine; 17 is refused
        specs[last][2] = 16;
        try (VortexFile f = open(withFooter(arrayIds, layoutIds, specs))) {
            assertThat(f.segmentSpec(last).alignmentExponent()).isEqualTo(16);
        }
        specs[last][2] = 17;
        assertThatThrownBy(() -> open(withFooter(arrayIds, layoutIds, specs))).isInstanceOf(VortexException.class)
                .hasMessageContaining("segment " + last + " alignment exponent 17 too large");
        // a segment ending at the file's last byte is inside (the layout never reads it here)
        long[][] atEnd = tinySpecs();
        atEnd[last][0] = size - 1;
        atEnd[last][1] = 1;
        try (VortexFile f = open(withFooter(arrayIds, layoutIds, atEnd))) {
            assertThat(f.segmentSpec(last).byteOffset()).isEqualTo(size - 1);
        }
        atEnd[last][1] = 2;
        assertThatThrownBy(() -> open(withFooter(arrayIds, layoutIds, atEnd))).isInstanceOf(VortexException.class)
                .hasMessageContaining("segment " + last + " [" + (size - 1) + ", +2) lies outside the " + size
                        + "-byte file");
        long[][] far = tinySpecs();
        far[last][0] = -1;
        assertThatThrownBy(() -> open(withFooter(arrayIds, layoutIds, far))).isInstanceOf(VortexException.class)
                .hasMessageContaining("segment " + last + " [18446744073709551615, +");
        if (last > 0) {
            long[][] unordered = tinySpecs();
            unordered[last][0] = unordered[last - 1][0] - 1;
            assertThatThrownBy(() -> open(withFooter(arrayIds, layoutIds, unordered)))
                    .isInstanceOf(VortexException.class)
                    .hasMessageContaining("segment offsets are not ordered at segment " + last);
            long[][] equal = tinySpecs();
            equal[last][0] = equal[last - 1][0];
            try (VortexFile f = open(withFooter(arrayIds, layoutIds, equal))) {
                assertThat(f.segmentSpec(last).byteOffset()).isEqualTo(f.segmentSpec(last - 1).byteOffset());
            }
        }
    }

    @Test
    void fileStatisticsNeedOneEntryPerField() {
        FbBuilder fb = new FbBuilder();
        fb.startTable(1);
        int entry = fb.endTable();
        int vector = fb.createOffsetVector(new int[] {entry, entry});
        fb.startTable(1);
        fb.addOffset(0, vector);
        byte[] twoEntries = fb.finish(fb.endTable());
        DType.Struct dtype;
        try (VortexFile f = open(tiny)) {
            dtype = (DType.Struct) f.dtype();
        }
        int fields = dtype.fields().size();
        assertThat(fields).isNotEqualTo(2);
        assertThatThrownBy(() -> open(tiny.with(b -> b.stats = b.append(twoEntries))))
                .isInstanceOf(VortexException.class)
                .hasMessageContaining("file statistics has 2 entries, expected " + fields);
    }

    @Test
    void aByteSourceReadsTheMetadataInOneOrTwoReads(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("tiny.vortex");
        byte[] bytes = assemble(tiny);
        Files.write(path, bytes);
        long metadata = bytes.length - tiny.dtype().offset();
        for (long tail : new long[] {8, 64, metadata - 1, metadata, metadata + 1, 1 << 20}) {
            IoOptions options = IoOptions.defaults().withTailReadBytes(tail);
            try (VortexFile f = VortexFile.open(ChannelFileSource.open(path, options), options)) {
                assertThat(f.isMapped()).as("tail %d", tail).isFalse();
                assertThat(f.byteSize()).isEqualTo(bytes.length);
                assertThat(f.arrayIds()).isEqualTo(arrayIds);
                assertThat(f.prefetchWindowBytes()).isPositive();
                assertThat(f.byteSource()).isNotNull();
                assertThat(f.ioStats()).isNotNull();
                int last = f.segmentCount() - 1;
                SegmentSpec s = f.segmentSpec(last);
                MemorySegment seg = f.segment(last);
                assertThat(seg.toArray(ValueLayout.JAVA_BYTE)).isEqualTo(java.util.Arrays.copyOfRange(bytes,
                        (int) s.byteOffset(), (int) (s.byteOffset() + s.lengthBytes())));
                assertThat(f.segmentAvailable(last)).isTrue();
                List<MemorySegment> parts = f.readParts(List.of(new ByteRange(s.byteOffset(), 2)), 0);
                assertThat(parts.getFirst().get(ValueLayout.JAVA_BYTE, 1)).isEqualTo(bytes[(int) s.byteOffset() + 1]);
                assertThatThrownBy(f::data).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("is not mapped");
            }
        }
        Path shortFile = dir.resolve("short.vortex");
        Files.write(shortFile, new byte[11]);
        IoOptions options = IoOptions.defaults();
        assertThatThrownBy(() -> VortexFile.open(ChannelFileSource.open(shortFile, options), options))
                .isInstanceOf(VortexException.class).hasMessageContaining("file of 11 bytes is too short");
    }
}
