package io.jvortex.internal.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.encodings.varbin.FlatStrings;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ColumnArrays#concat}: a chunk cut from string blocks that all hold offsets and bytes comes back as
 * one compact {@link VarBinArray} (bytes from offset 0, nothing past the last row) with every row as the
 * blocks held it, whatever the blocks' offset types, starting offsets (slices) and validity; other blocks
 * go through {@code Concat}. {@link FlatStrings#of} reads such an array with one copy.
 */
class ColumnArraysConcatTest {

    @Test
    void stringBlocksConcatenateIntoOneCompactVarBinArray() {
        SplittableRandom r = TestSupport.random("ColumnArraysConcatTest.varBin");
        for (int round = 0; round < 200; round++) {
            boolean nullable = r.nextBoolean();
            boolean utf8 = r.nextBoolean();
            DType dtype = utf8 ? new DType.Utf8(nullable) : new DType.Binary(nullable);
            List<Canonical> blocks = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            int count = 2 + r.nextInt(5);
            for (int b = 0; b < count; b++) {
                // some blocks longer than the 2,048 offsets widened at a time
                String[] values = strings(r, r.nextInt(10) == 0 ? r.nextInt(2000, 5000) : r.nextInt(40),
                        nullable && r.nextBoolean());
                VarBinArray block = TestArrays.varBin(utf8, values);
                // a slice, so the block's first offset is not 0 and bytes lie past its last row
                int skip = values.length > 2 ? r.nextInt(values.length / 2) : 0;
                int keep = values.length - skip - (values.length > 2 ? r.nextInt(2) : 0);
                block = block.slice(skip, keep);
                block = switch (r.nextInt(3)) {
                    case 0 -> withOffsets(block, PType.I32);
                    case 1 -> withOffsets(block, PType.I64);
                    default -> block;
                };
                blocks.add(block);
                expected.addAll(Arrays.asList(values).subList(skip, skip + keep));
            }
            Canonical chunk = ColumnArrays.concat(dtype, blocks);
            assertThat(chunk).as("round %d", round).isInstanceOf(VarBinArray.class);
            VarBinArray v = (VarBinArray) chunk;
            assertThat(v.dtype()).isEqualTo(dtype);
            assertThat(v.length()).isEqualTo(expected.size());
            assertThat(v.offset(0)).isZero();
            assertThat(v.bytes().byteSize()).isEqualTo(v.offset(v.length()));
            assertThat(TestSupport.rows(v)).as("round %d", round)
                    .isEqualTo(TestSupport.rows(TestArrays.varBin(utf8, expected.toArray(String[]::new))));
            // null rows take no bytes in the flattened form
            FlatStrings flat = FlatStrings.of(v);
            assertThat(flat.offsets()[flat.length()]).isEqualTo(flat.data().length);
            for (int i = 0; i < flat.length(); i++) {
                byte[] row = Arrays.copyOfRange(flat.data(), flat.offsets()[i], flat.offsets()[i + 1]);
                assertThat(row).as("round %d row %d", round, i).isEqualTo(v.isValid(i) ? v.value(i) : new byte[0]);
            }
            // one sliced block compacts into the same compact form
            VarBinArray last = (VarBinArray) blocks.getLast();
            Canonical compact = ColumnArrays.compact(last);
            assertThat(compact).isInstanceOf(VarBinArray.class);
            VarBinArray c = (VarBinArray) compact;
            assertThat(c.offset(0)).isZero();
            assertThat(c.bytes().byteSize()).isEqualTo(c.offset(c.length()));
            assertThat(TestSupport.rows(c)).as("round %d", round).isEqualTo(TestSupport.rows(last));
        }
    }

    @Test
    void narrowedCodesKeepTheirValuesInTheSmallestUnsignedType() {
        SplittableRandom r = TestSupport.random("ColumnArraysConcatTest.narrow");
        for (int round = 0; round < 60; round++) {
            int bound = switch (round % 3) {
                case 0 -> 0x100;
                case 1 -> 0x10000;
                default -> Integer.MAX_VALUE;
            };
            int count = r.nextInt(3000);
            int[] values = new int[count + r.nextInt(3)];
            for (int i = 0; i < values.length; i++) {
                values[i] = r.nextInt(bound);
            }
            int max = Arrays.stream(values, 0, count).max().orElse(0);
            PrimitiveArray narrow = FlatStrings.narrowUnsigned(values, count);
            assertThat(narrow.ptype()).isEqualTo(max <= 0xFF ? PType.U8 : max <= 0xFFFF ? PType.U16 : PType.U32);
            assertThat(narrow.length()).isEqualTo(count);
            for (int i = 0; i < count; i++) {
                assertThat(narrow.getLong(i)).as("round %d value %d", round, i).isEqualTo(values[i]);
            }
        }
    }

    @Test
    void blocksThatAreNotAllOffsetsAndBytesGoThroughConcat() {
        VarBinArray a = TestArrays.varBin(true, "a", "a string longer than twelve bytes");
        Canonical b = TestArrays.varBinView(true, "b", "another string longer than twelve bytes");
        DType dtype = new DType.Utf8(false);
        Canonical chunk = ColumnArrays.concat(dtype, List.of(a, b));
        assertThat(chunk).isNotInstanceOf(VarBinArray.class);
        assertThat(TestSupport.rows(chunk)).containsExactly("a", "a string longer than twelve bytes", "b",
                "another string longer than twelve bytes");
        assertThat(ColumnArrays.concat(dtype, List.of(a))).isSameAs(a);
    }

    @Test
    void flatStringsRejectOffsetsThatGoBack() {
        VarBinArray v = TestArrays.varBin(true, "ab", "cd", "ef");
        long[] offsets = {2, 4, 3, 8};
        VarBinArray bad = new VarBinArray(v.dtype(), TestArrays.primitive(PType.I64, false, offsets, null), v.bytes(),
                3, Validity.ALL_VALID);
        assertThatThrownBy(() -> FlatStrings.of(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("row 1");
    }

    private static String[] strings(SplittableRandom r, int n, boolean withNulls) {
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            if (withNulls && r.nextInt(4) == 0) {
                continue;
            }
            StringBuilder s = new StringBuilder();
            int len = r.nextInt(4) == 0 ? r.nextInt(40) : r.nextInt(6);
            for (int k = 0; k < len; k++) {
                s.append((char) (r.nextInt(8) == 0 ? 'é' : 'a' + r.nextInt(26)));
            }
            out[i] = s.toString();
        }
        return out;
    }

    /** The same rows with offsets of another integer type. */
    private static VarBinArray withOffsets(VarBinArray v, PType ptype) {
        long[] offsets = new long[v.length() + 1];
        for (int i = 0; i <= v.length(); i++) {
            offsets[i] = v.offset(i);
        }
        PrimitiveArray typed = TestArrays.primitive(ptype, false, offsets, null);
        MemorySegment bytes = v.bytes();
        return new VarBinArray(v.dtype(), typed, bytes, v.length(), v.validity());
    }
}
