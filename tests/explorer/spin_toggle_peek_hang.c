/* spin_toggle_peek_ok.c with a consumer that waits for a slot of 0, which
 * the producer never shows: what the loop reads through the helper it
 * sees, as in spin_toggle_helper_hang.c, and the livelock is a hang, at
 * the helper's load (spin_toggle_peek_ok.c:38). */
#define WAIT_WHILE(v) ((v) != 0)
#include "spin_toggle_peek_ok.c"
