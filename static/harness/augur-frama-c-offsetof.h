/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * augur-frama-c-offsetof.h — forced into a program's file, after
 * augur-frama-c.h, only when Frama-C stopped on it with "Unable to compute
 * offset ... Index is not constant": GCC takes offsetof with a member
 * designator whose array index is a variable (rmind/ringbuf's
 * offsetof (ringbuf_t, workers[nworkers]), the size of a struct with a
 * flexible array member), Frama-C 25 folds every __builtin_offsetof to a
 * constant and rejects it.
 *
 * Here __builtin_offsetof, which both Frama-C's <stddef.h> and GCC's
 * expand offsetof to, is the address of the member in an object at
 * address 0, as an integer: the same value, which Eva computes exactly
 * (the null base's offsets are absolute addresses), for every index.
 * Frama-C does not fold that form where C needs a constant (an array
 * size, a case label, an enumerator, a static initializer), which is why
 * it is used only for the files that need it: one that also needs a
 * constant offsetof still fails, and is left out as before.
 */
#ifndef AUGUR_FRAMA_C_OFFSETOF_H
#define AUGUR_FRAMA_C_OFFSETOF_H

#define __builtin_offsetof(type, member) ((__SIZE_TYPE__) &((type *) 0)->member)

#endif /* AUGUR_FRAMA_C_OFFSETOF_H */
