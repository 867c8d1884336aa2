package io.jvortex.internal.zstd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The predefined tables built from the default distributions match RFC 8878 Appendix A. */
class FseTableTest {
    /** {state, symbol, nbBits, base} rows from Appendix A. */
    private static final int[][] LITERAL_LENGTH_ROWS = {
        {0, 0, 4, 0}, {1, 0, 4, 16}, {2, 1, 5, 32}, {10, 14, 6, 0}, {17, 25, 5, 32}, {38, 25, 4, 0},
        {39, 25, 4, 16}, {43, 0, 4, 48}, {53, 15, 6, 0}, {60, 35, 6, 0}, {63, 32, 6, 0}};
    private static final int[][] MATCH_LENGTH_ROWS = {
        {0, 0, 6, 0}, {1, 1, 4, 0}, {2, 2, 5, 32}, {22, 1, 4, 16}, {43, 1, 4, 32}, {44, 1, 4, 48},
        {45, 2, 4, 16}, {57, 52, 6, 0}, {63, 46, 6, 0}};
    private static final int[][] OFFSET_ROWS = {
        {0, 0, 5, 0}, {1, 6, 4, 0}, {15, 7, 4, 16}, {20, 8, 4, 16}, {24, 6, 4, 16}, {27, 28, 5, 0}, {31, 24, 5, 0}};

    @Test
    void literalLengths() {
        FseTable t = FseTable.LL_DEFAULT;
        assertThat(t.log).isEqualTo(6);
        for (int[] row : LITERAL_LENGTH_ROWS) {
            long e = t.states[row[0]];
            // Literal length codes 0..15 are their own baseline; higher codes are checked by their baseline.
            int[] llBase = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64,
                128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
            assertThat(FseTable.valueBase(e)).as("state %d", row[0]).isEqualTo(llBase[row[1]]);
            assertThat(FseTable.stateBits(e)).as("state %d", row[0]).isEqualTo(row[2]);
            assertThat(FseTable.nextBase(e)).as("state %d", row[0]).isEqualTo(row[3]);
        }
    }

    @Test
    void matchLengths() {
        FseTable t = FseTable.ML_DEFAULT;
        for (int[] row : MATCH_LENGTH_ROWS) {
            long e = t.states[row[0]];
            int[] mlBaseHigh = {35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387,
                32771, 65539};
            long base = row[1] < 32 ? row[1] + 3 : mlBaseHigh[row[1] - 32];
            assertThat(FseTable.valueBase(e)).as("state %d", row[0]).isEqualTo(base);
            assertThat(FseTable.stateBits(e)).as("state %d", row[0]).isEqualTo(row[2]);
            assertThat(FseTable.nextBase(e)).as("state %d", row[0]).isEqualTo(row[3]);
        }
    }

    @Test
    void offsets() {
        FseTable t = FseTable.OF_DEFAULT;
        assertThat(t.log).isEqualTo(5);
        for (int[] row : OFFSET_ROWS) {
            long e = t.states[row[0]];
            assertThat(FseTable.valueBits(e)).as("state %d symbol", row[0]).isEqualTo(row[1]);
            assertThat(FseTable.valueBase(e)).isEqualTo(1L << row[1]);
            assertThat(FseTable.stateBits(e)).as("state %d", row[0]).isEqualTo(row[2]);
            assertThat(FseTable.nextBase(e)).as("state %d", row[0]).isEqualTo(row[3]);
        }
    }
}
