package io.jvortex.scalar;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * Statistics of an array or a file column, as stored in the {@code ArrayStats} flatbuffer. Every
 * statistic is optional. Min/max may be inexact (truncated string bounds): check the flags.
 *
 * @param min the minimum (ignoring nulls and NaNs), if known
 * @param minExact whether {@code min} is the exact minimum rather than a lower bound
 * @param max the maximum, if known
 * @param maxExact whether {@code max} is exact rather than an upper bound
 * @param sum the sum, if known
 * @param nullCount the number of nulls, if known
 * @param nanCount the number of NaNs, if known
 * @param uncompressedSizeInBytes the canonical size, if known
 * @param isSorted whether values are sorted, if known
 * @param isStrictSorted whether values are strictly sorted, if known
 * @param isConstant whether all values are equal, if known
 */
public record ArrayStatistics(Optional<Scalar> min, boolean minExact, Optional<Scalar> max, boolean maxExact,
                              Optional<Scalar> sum, OptionalLong nullCount, OptionalLong nanCount,
                              OptionalLong uncompressedSizeInBytes, Optional<Boolean> isSorted,
                              Optional<Boolean> isStrictSorted, Optional<Boolean> isConstant) {
    /** No statistics at all: serialized as an empty table, which every reader accepts. */
    public static final ArrayStatistics NONE = new ArrayStatistics(Optional.empty(), false, Optional.empty(), false,
            Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), Optional.empty(),
            Optional.empty(), Optional.empty());
}
