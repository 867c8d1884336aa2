package io.jvortex.internal.flatbuffers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.TestSupport;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link FbBuilder} blobs read back through {@link FbTable}, plus raw checks of alignment and layout. */
class FbBuilderTest {
    private static final FbTable.Origin ORIGIN = new FbTable.Origin("test", 0, "blob");

    private static FbTable root(byte[] blob) {
        return FbTable.root(MemorySegment.ofArray(blob), ORIGIN);
    }

    /** Absolute position of field {@code index} of the table at {@code pos}, or 0 when absent. */
    private static int fieldPosition(byte[] blob, int pos, int index) {
        ByteBuffer b = ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
        int vt = pos - b.getInt(pos);
        int vtLen = b.getShort(vt) & 0xFFFF;
        if (4 + 2 * index >= vtLen) {
            return 0;
        }
        int off = b.getShort(vt + 4 + 2 * index) & 0xFFFF;
        return off == 0 ? 0 : pos + off;
    }

    private static int rootPosition(byte[] blob) {
        return ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN).getInt(0);
    }

    @Test
    void scalarsRoundTripAndDefaultsAreOmitted() {
        FbBuilder fb = new FbBuilder(16);
        fb.startTable(8);
        fb.addByte(0, 200, 0);
        fb.addByte(1, -5, 0);
        fb.addBool(2, true, false);
        fb.addShort(3, 65535, 0);
        fb.addInt(4, 0xFFFF_FFF0L, 0);
        fb.addLong(5, Long.MIN_VALUE + 3, 0);
        fb.addLong(6, 0, 0); // default: omitted
        fb.addBool(7, false, false); // default: omitted
        byte[] blob = fb.finish(fb.endTable());
        FbTable t = root(blob);
        assertThat(t.u8(0, 0)).isEqualTo(200);
        assertThat(t.i8(1, 0)).isEqualTo(-5);
        assertThat(t.bool(2, false)).isTrue();
        assertThat(t.u16(3, 0)).isEqualTo(65535);
        assertThat(t.u32(4, 0)).isEqualTo(0xFFFF_FFF0L);
        assertThat(t.u64(5, 0)).isEqualTo(Long.MIN_VALUE + 3);
        assertThat(t.has(6)).isFalse();
        assertThat(t.has(7)).isFalse();
        assertThat(t.u64(6, 42)).isEqualTo(42);
        assertThat(blob.length % 8).isZero();
        int pos = rootPosition(blob);
        assertThat(pos % 4).isZero();
        assertThat(fieldPosition(blob, pos, 5) % 8).isZero();
        assertThat(fieldPosition(blob, pos, 4) % 4).isZero();
        assertThat(fieldPosition(blob, pos, 3) % 2).isZero();
    }

    @Test
    void alwaysVariantsWriteDefaults() {
        FbBuilder fb = new FbBuilder();
        fb.startTable(3);
        fb.addBoolAlways(0, false);
        fb.addLongAlways(1, 0);
        fb.addByteAlways(2, 0);
        FbTable t = root(fb.finish(fb.endTable()));
        assertThat(t.has(0)).isTrue();
        assertThat(t.bool(0, true)).isFalse();
        assertThat(t.has(1)).isTrue();
        assertThat(t.u64(1, 7)).isZero();
        assertThat(t.has(2)).isTrue();
    }

    @Test
    void stringsVectorsStructsAndNestedTables() {
        FbBuilder fb = new FbBuilder(8);
        int s = fb.createString("hällo");
        int empty = fb.createString("");
        int strings = fb.createOffsetVector(new int[] {s, empty, fb.createString("x")});
        int bytes = fb.createByteVector(new byte[] {1, 2, 3});
        int u16 = fb.createU16Vector(new int[] {0, 1, 65535});
        int u32 = fb.createU32Vector(new long[] {7, 0xFFFF_FFFFL});
        byte[] packed = new byte[32];
        ByteBuffer.wrap(packed).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 8).putInt(8, 100).put(12, (byte) 3)
                .putLong(16, 1L << 40).putInt(24, 5).put(28, (byte) 4);
        int structs = fb.createStructVector(packed, 16, 8);
        int[] children = new int[3];
        for (int i = 0; i < 3; i++) {
            fb.startTable(1);
            fb.addInt(0, i + 1, 0);
            children[i] = fb.endTable();
        }
        int tables = fb.createOffsetVector(children);
        fb.startTable(1);
        int child = fb.endTable();
        int emptyVector = fb.createOffsetVector(new int[0]);
        fb.startTable(10);
        fb.addOffset(0, s);
        fb.addOffset(1, strings);
        fb.addOffset(2, bytes);
        fb.addOffset(3, u16);
        fb.addOffset(4, u32);
        fb.addOffset(5, structs);
        fb.addOffset(6, tables);
        fb.addOffset(7, child);
        fb.addOffset(8, emptyVector);
        byte[] blob = fb.finish(fb.endTable());

        FbTable t = root(blob);
        assertThat(t.string(0)).isEqualTo("hällo");
        assertThat(t.vectorLength(1)).isEqualTo(3);
        assertThat(List.of(t.stringAt(1, 0), t.stringAt(1, 1), t.stringAt(1, 2))).containsExactly("hällo", "", "x");
        assertThat(t.bytes(2).toArray(ValueLayout.JAVA_BYTE)).containsExactly(1, 2, 3);
        assertThat(List.of(t.u16At(3, 0), t.u16At(3, 1), t.u16At(3, 2))).containsExactly(0, 1, 65535);
        assertThat(List.of(t.u32At(4, 0), t.u32At(4, 1))).containsExactly(7L, 0xFFFF_FFFFL);
        MemorySegment sv = t.structVector(5, 16);
        assertThat(sv.byteSize()).isEqualTo(32);
        assertThat(sv.toArray(ValueLayout.JAVA_BYTE)).containsExactly(packed);
        assertThat((sv.address() - MemorySegment.ofArray(blob).address()) % 8).isZero();
        assertThat(t.vectorLength(6)).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(t.tableAt(6, i).u32(0, 0)).isEqualTo(i + 1);
        }
        assertThat(t.table(7)).isNotNull();
        assertThat(t.table(7).has(0)).isFalse();
        assertThat(t.has(8)).isTrue();
        assertThat(t.vectorLength(8)).isZero();
        assertThat(t.has(9)).isFalse();
        // the NUL terminator after the string's bytes
        int sPos = fieldPosition(blob, rootPosition(blob), 0);
        int target = sPos + ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN).getInt(sPos);
        assertThat(blob[target + 4 + "hällo".getBytes(java.nio.charset.StandardCharsets.UTF_8).length]).isZero();
    }

    @Test
    void aUnionIsATagAndATable() {
        FbBuilder fb = new FbBuilder();
        fb.startTable(2);
        fb.addByte(0, 9, 0);
        fb.addBool(1, true, false);
        int value = fb.endTable();
        fb.startTable(2);
        fb.addByteAlways(0, 3);
        fb.addOffset(1, value);
        FbTable t = root(fb.finish(fb.endTable()));
        assertThat(t.u8(0, 0)).isEqualTo(3);
        assertThat(t.table(1).u8(0, 0)).isEqualTo(9);
        assertThat(t.table(1).bool(1, false)).isTrue();
    }

    @Test
    void growsFarPastItsInitialCapacity() {
        FbBuilder fb = new FbBuilder(16);
        byte[] big = new byte[300_000];
        Seeds.random("FbBuilderTest.growsFarPastItsInitialCapacity").nextBytes(big);
        int v = fb.createByteVector(big);
        int[] names = new int[2000];
        for (int i = 0; i < names.length; i++) {
            names[i] = fb.createString("name-" + i);
        }
        int vec = fb.createOffsetVector(names);
        fb.startTable(2);
        fb.addOffset(0, v);
        fb.addOffset(1, vec);
        FbTable t = root(fb.finish(fb.endTable()));
        assertThat(t.bytes(0).toArray(ValueLayout.JAVA_BYTE)).isEqualTo(big);
        assertThat(t.stringAt(1, 1999)).isEqualTo("name-1999");
    }

    @Test
    void misuseIsRejected() {
        FbBuilder fb = new FbBuilder();
        fb.startTable(1);
        assertThatThrownBy(() -> fb.createString("x")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> fb.startTable(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> fb.addInt(1, 5, 0)).isInstanceOf(IllegalArgumentException.class);
        int t = fb.endTable();
        assertThatThrownBy(fb::endTable).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> fb.addInt(0, 1, 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> fb.createStructVector(new byte[5], 2, 2)).isInstanceOf(IllegalArgumentException.class);
        fb.finish(t);
        assertThatThrownBy(() -> fb.finish(t)).isInstanceOf(IllegalStateException.class);
    }

    /** A random table tree, remembered so it can be checked against what {@link FbTable} reads. */
    private record Node(long[] scalars, int[] widths, String name, List<Node> children) {
    }

    private static Node randomNode(SplittableRandom r, int depth) {
        int n = r.nextInt(6);
        long[] scalars = new long[n];
        int[] widths = new int[n];
        for (int i = 0; i < n; i++) {
            widths[i] = 1 << r.nextInt(4);
            scalars[i] = r.nextInt(4) == 0 ? 0 : r.nextLong();
        }
        List<Node> children = new ArrayList<>();
        int k = depth > 0 ? r.nextInt(4) : 0;
        for (int i = 0; i < k; i++) {
            children.add(randomNode(r, depth - 1));
        }
        return new Node(scalars, widths, r.nextBoolean() ? null : "n" + r.nextInt(1000), children);
    }

    private static int build(FbBuilder fb, Node node) {
        int[] kids = new int[node.children().size()];
        for (int i = 0; i < kids.length; i++) {
            kids[i] = build(fb, node.children().get(i));
        }
        int vec = fb.createOffsetVector(kids);
        int name = node.name() == null ? 0 : fb.createString(node.name());
        int n = node.scalars().length;
        fb.startTable(n + 2);
        for (int i = 0; i < n; i++) {
            long v = node.scalars()[i];
            switch (node.widths()[i]) {
                case 1 -> fb.addByte(i, (int) v, 0);
                case 2 -> fb.addShort(i, (int) v, 0);
                case 4 -> fb.addInt(i, v, 0);
                default -> fb.addLong(i, v, 0);
            }
        }
        if (name != 0) {
            fb.addOffset(n, name);
        }
        fb.addOffset(n + 1, vec);
        return fb.endTable();
    }

    private static void check(FbTable t, Node node) {
        int n = node.scalars().length;
        for (int i = 0; i < n; i++) {
            long v = node.scalars()[i];
            switch (node.widths()[i]) {
                case 1 -> assertThat(t.u8(i, 0)).isEqualTo((int) (v & 0xFF));
                case 2 -> assertThat(t.u16(i, 0)).isEqualTo((int) (v & 0xFFFF));
                case 4 -> assertThat(t.u32(i, 0)).isEqualTo(v & 0xFFFF_FFFFL);
                default -> assertThat(t.u64(i, 0)).isEqualTo(v);
            }
        }
        assertThat(t.string(n)).isEqualTo(node.name());
        assertThat(t.vectorLength(n + 1)).isEqualTo(node.children().size());
        for (int i = 0; i < node.children().size(); i++) {
            check(t.tableAt(n + 1, i), node.children().get(i));
        }
    }

    @Test
    void randomTableTreesRoundTrip() {
        SplittableRandom r = TestSupport.random("FbBuilderTest.randomTableTreesRoundTrip");
        for (int i = 0; i < 300; i++) {
            Node node = randomNode(r, 3);
            FbBuilder fb = new FbBuilder(8);
            byte[] blob = fb.finish(build(fb, node));
            check(root(blob), node);
        }
    }

    @Test
    void identicalVtablesAreShared() {
        FbBuilder fb = new FbBuilder();
        int[] tables = new int[50];
        for (int i = 0; i < tables.length; i++) {
            fb.startTable(2);
            fb.addInt(1, i + 1, 0);
            tables[i] = fb.endTable();
        }
        int vec = fb.createOffsetVector(tables);
        fb.startTable(1);
        fb.addOffset(0, vec);
        byte[] blob = fb.finish(fb.endTable());
        // 50 tables of 8 bytes + one shared 8-byte vtable + the vector + the root
        assertThat(blob.length).isLessThan(50 * 8 + 8 + 4 + 50 * 4 + 32);
        FbTable t = root(blob);
        for (int i = 0; i < tables.length; i++) {
            assertThat(t.tableAt(0, i).u32(1, 0)).isEqualTo(i + 1);
            assertThat(t.tableAt(0, i).has(0)).isFalse();
        }
    }
}
