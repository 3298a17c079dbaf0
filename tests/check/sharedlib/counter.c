/* A library built as a shared object: a counter bumped without a lock. */
int counter;

void
counter_bump (void)
{
  counter++;   /* [race] */
}
