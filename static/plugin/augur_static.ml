(* SPDX-License-Identifier: GPL-3.0-or-later

   augur_static.ml — a Frama-C 25 plug-in that reads Eva's results on a
   program analysed together with static/harness/augur-pthread-harness.c and
   writes the facts `augur static` needs: threads, memory accesses with the
   locks definitely held, shared locations, candidate conflicting site pairs,
   pairs pruned by a common lock, and warnings where precision was lost.

   Enabled by -augur-static-out FILE ("-" for stdout).  The output is one
   JSON object, format "augur-static-facts" version 1, read by
   static/static-facts-json.c (which documents every member): threads,
   shared locations, access sites, candidate pairs, lock-protected pairs,
   sites of unreached code, warnings and "complete" (false when the
   analysis missed code that may run, so that nothing may be pruned).
   A location is a global's name, "func::var" for a stack variable,
   "heap@file:line" for a heap object (by allocation site) or "*" (unknown).

   Soundness policy: imprecision only widens.  An access with an unknown
   target conflicts with every access; a lock that is not definitely held
   (weak base, imprecise owner word, left held by an earlier thread) never
   prunes; code Eva never reached counts as run by an unknown thread
   concurrent with all others; an unresolved call or thread entry, or a
   dereference in unreached code, makes the facts incomplete.  The design
   is explained in doc/design.md, "Static analysis". *)

open Cil_types

module Self = Plugin.Register (struct
    let name = "augur-static"
    let shortname = "augur-static"
    let help = "augur: shared locations and candidate conflicting pairs for \
                pthread programs analysed with the augur harness"
  end)

module Out = Self.String (struct
    let option_name = "-augur-static-out"
    let default = ""
    let arg_name = "file"
    let help = "write the augur static facts to <file> ('-' = stdout)"
  end)

(* ---- names of the harness and of the functions with a known meaning ---- *)

let markers = [ "__augur_thread_start"; "__augur_thread_start_c11" ]

let lock_functions = [
  "pthread_mutex_lock", 0; "pthread_mutex_trylock", 0;
  "pthread_rwlock_wrlock", 0; "pthread_rwlock_trywrlock", 0;
  "pthread_rwlock_rdlock", 0; "pthread_rwlock_tryrdlock", 0;
  "pthread_spin_lock", 0; "pthread_spin_trylock", 0;
  "pthread_cond_wait", 1; "pthread_cond_timedwait", 1;
  "mtx_lock", 0; "mtx_trylock", 0; "mtx_timedlock", 0;
  "cnd_wait", 1; "cnd_timedwait", 1 ]

let alloc_functions = [ "malloc"; "calloc"; "realloc"; "aligned_alloc";
                        "strdup"; "strndup" ]

let has_prefix p s =
  String.length s >= String.length p && String.sub s 0 (String.length p) = p

let is_atomic_function name =
  has_prefix "__fc_atomic_" name || has_prefix "__atomic_" name
  || has_prefix "__sync_" name || has_prefix "atomic_" name
  || has_prefix "__c11_atomic_" name

let harness_file = "augur-pthread-harness.c"

let loc_file (l : location) =
  Filepath.Normalized.to_pretty_string (fst l).Filepath.pos_path

let is_harness_loc l = Filename.basename (loc_file l) = harness_file

let site_of_loc (l : location) =
  Printf.sprintf "%s:%d" (loc_file l) (fst l).Filepath.pos_lnum

let kf_is_harness kf = is_harness_loc (Kernel_function.get_location kf)

(* Frama-C's own libc sources (share/libc/...) are not the program's, nor
   are the system's headers (the driver falls back to them, without
   Frama-C's libc, when the latter cannot parse the sources, and takes the
   headers Frama-C's libc lacks from there): their functions are treated as
   external, and their inline functions that are never called are not code
   of the program left unanalysed. *)
let is_system_header f =
  has_prefix "/usr/include/" f || has_prefix "/usr/local/include/" f
  || has_prefix "/usr/lib/gcc/" f

let kf_is_libc kf =
  let f = loc_file (Kernel_function.get_location kf) in
  let share = Filepath.Normalized.to_pretty_string Fc_config.datadir in
  Cil.is_in_libc (Kernel_function.get_vi kf).vattr
  || has_prefix share f || has_prefix "FRAMAC_SHARE" f || is_system_header f

(* ---- thread contexts ---- *)

type context = {
  key : string;                    (* call sites of the marker call *)
  cs : Eva.Results.callstack;      (* the marker's call stack *)
  mutable entries : string list;
  create_site : string;
  mutable multi : bool;
  parent_key : string;
  hid : int option;                (* the harness's thread number, if exact *)
  at_join : bool;                  (* the second run, from pthread_join *)
  joined_before : int list;        (* harness numbers main surely joined
                                      before creating this thread *)
  mutable tid : int;               (* output id: both runs of a thread share it *)
}

let stmt_key = function
  | Kglobal -> "g"
  | Kstmt s -> string_of_int s.sid

let cs_key cs = String.concat "," (List.map (fun (_, ki) -> stmt_key ki) cs)

(* Splits a call stack (innermost first) at its innermost marker frame:
   (frames of the thread, marker stack) or None for main. *)
let split_thread cs =
  let rec go acc = function
    | [] -> None
    | ((kf, _) :: _) as rest
      when List.mem (Kernel_function.get_name kf) markers ->
      Some (List.rev acc, rest)
    | f :: rest -> go (f :: acc) rest
  in
  go [] cs

let context_key cs =
  match split_thread cs with
  | None -> "main"
  | Some (_, m) -> cs_key m

let thread_frames cs =
  match split_thread cs with None -> cs | Some (t, _) -> t

(* Statements inside loops: a creation site under a loop may create several
   instances of the thread. *)
let in_loop = Hashtbl.create 97

let collect_loops fd =
  let rec mark_block b = List.iter mark_stmt b.bstmts
  and mark_stmt s =
    Hashtbl.replace in_loop s.sid ();
    match s.skind with
    | If (_, b1, b2, _) -> mark_block b1; mark_block b2
    | Switch (_, b, _, _) | Loop (_, b, _, _, _) | Block b -> mark_block b
    | UnspecifiedSequence l -> List.iter (fun (s, _, _, _, _) -> mark_stmt s) l
    | TryCatch (b, l, _) -> mark_block b; List.iter (fun (_, b) -> mark_block b) l
    | TryFinally (b1, b2, _) | TryExcept (b1, _, b2, _) -> mark_block b1; mark_block b2
    | _ -> ()
  in
  ignore (Cil.visitCilFunction (object
            inherit Cil.nopCilVisitor
            method! vstmt s =
              (match s.skind with
               | Loop (_, b, _, _, _) -> mark_block b
               | _ -> ());
              Cil.DoChildren
          end) fd)

let stmts_of fd =
  let acc = ref [] in
  ignore (Cil.visitCilFunction (object
            inherit Cil.nopCilVisitor
            method! vstmt s = acc := s :: !acc; Cil.DoChildren
          end) fd);
  List.rev !acc

(* ---- records ---- *)

type kind = R | W | A

let kind_char = function R -> "R" | W -> "W" | A -> "A"

type access = {
  a_ctx : string;
  a_site : string;
  a_line_key : string;            (* file:line, for the atomic filter *)
  a_kind : kind;
  a_zone : Locations.Zone.t option; (* None = unknown target *)
  a_bases : Base.t list;
  a_locks : (string * bool) list;   (* lock, exclusive *)
  a_alone : bool;
  a_owned_frames : Kernel_function.t list; (* functions whose frames are in the thread *)
}

let accesses : access list ref = ref []
let warns : (string * string * string) list ref = ref []
let unknown_sites : (string * string) list ref = ref []
let warn kind site msg =
  if not (List.mem (kind, site, msg) !warns) then
    warns := (kind, site, msg) :: !warns

(* heap base -> contexts that allocated it *)
let alloc_ctx : (int, string list) Hashtbl.t = Hashtbl.create 17
(* bases whose address is stored into non-private memory *)
let published : (int, unit) Hashtbl.t = Hashtbl.create 17
(* (file:line, zone) of atomic operations *)
let atomic_sites : (string * Locations.Zone.t) list ref = ref []

(* A local or formal whose address is never taken lives in one frame only. *)
let private_var vi = not vi.vglob && not vi.vaddrof

let is_tls vi = vi.vglob && Cil.hasAttribute "thread" vi.vattr

(* heap base -> the allocation site (file:line) that created it *)
let alloc_site : (int, string) Hashtbl.t = Hashtbl.create 17

let base_name b =
  match b with
  | Base.Var (vi, _) ->
    if vi.vglob then vi.vname
    else (match Kernel_function.find_defining_kf vi with
        | Some kf -> Kernel_function.get_name kf ^ "::" ^ vi.vname
        | None -> vi.vname)
  | Base.Allocated (vi, _, _) ->
    (match Hashtbl.find_opt alloc_site (Base.id b) with
     | Some site -> "heap@" ^ site
     | None -> "heap@" ^ vi.vname)
  | _ -> Format.asprintf "%a" Base.pretty b

let relevant_base b =
  match b with
  | Base.Var (vi, _) -> not (private_var vi) && not (is_tls vi)
                        && not (Cil.isFunctionType vi.vtype)
  | Base.Allocated _ -> true
  | Base.Null | Base.String _ | Base.CLogic_Var _ -> false

(* Location of an lvalue in one call stack: Some zone, None = unknown,
   or raise Exit when the access does not happen (bottom). *)
let zone_bases z =
  try Some (Locations.Zone.fold_bases (fun b acc -> b :: acc) z [])
  with Abstract_interp.Error_Top -> None

(* A dereference Eva finds invalid (no address, or only NULL) in a state
   that is reachable means the harness missed the pointer's real value,
   e.g. one another thread stores after this thread was created: the
   target is unknown, not absent. *)
let zone_of_lval ~for_writing lv req =
  let is_mem = match fst lv with Mem _ -> true | Var _ -> false in
  let ev = Eva.Results.eval_address ~for_writing lv req in
  if Eva.Results.is_bottom ev then (if is_mem then None else raise Exit)
  else
  (* Eva's result type cannot be matched from outside Eva (its Result module
     is packed): a fresh sentinel tells "no location" apart. *)
  let sentinel = Locations.make_loc Locations.Location_Bits.top Int_Base.top in
  let loc = Eva.Results.(default sentinel (as_location ev)) in
  if loc == sentinel then None
  else
    (match loc.Locations.loc with
     | Locations.Location_Bits.Top (Base.SetLattice.Top, _) -> None
     | _ ->
       let z = Locations.enumerate_bits loc in
       match zone_bases z with
       | Some bases when is_mem
                      && List.for_all (fun b -> Base.equal b Base.null) bases -> None
       | _ -> Some z)

(* Locks: (base, byte offset) of every lock object passed to a lock
   function.  Only strong bases and exact offsets identify one lock. *)
let lock_objects : (Base.t * int) list ref = ref []

let add_lock_object b off =
  if not (List.exists (fun (b', o') -> Base.equal b b' && o' = off) !lock_objects)
  then lock_objects := (b, off) :: !lock_objects

let lock_name (b, off) =
  if off = 0 then base_name b else Printf.sprintf "%s+%d" (base_name b) off

let tid_var = lazy (try Some (Globals.Vars.find_from_astinfo "__augur_tid" VGlobal)
                   with Not_found -> None)
let joined_var = lazy (try Some (Globals.Vars.find_from_astinfo "__augur_joined" VGlobal)
                      with Not_found -> None)

(* The harness numbers n such that __augur_joined[n] is exactly 1. *)
let definitely_joined req =
  match Lazy.force joined_var with
  | None -> []
  | Some vi ->
    let model = Eva.Results.get_cvalue_model req in
    let b = Base.of_varinfo vi in
    List.filter (fun n ->
        let loc = Locations.make_loc
            (Locations.Location_Bits.inject b (Ival.of_int (n * 32)))
            (Int_Base.inject (Integer.of_int 32)) in
        try
          let iv = Cvalue.V.project_ival (Cvalue.Model.find model loc) in
          Ival.is_singleton_int iv && Integer.equal (Ival.project_int iv) Integer.one
        with _ -> false)
      (List.init 64 (fun n -> n))

let depth_var = lazy (try Some (Globals.Vars.find_from_astinfo "__augur_depth" VGlobal)
                     with Not_found -> None)
let live_var = lazy (try Some (Globals.Vars.find_from_astinfo "__augur_live" VGlobal)
                     with Not_found -> None)

let singleton_int v =
  try
    let iv = Cvalue.V.project_ival v in
    if Ival.is_singleton_int iv then Some (Integer.to_int_exn (Ival.project_int iv))
    else None
  with _ -> None

let var_value vi req =
  let r = Eva.Results.(eval_var vi req |> as_int) in
  if Eva.Results.(default min_int r) = min_int
  && Eva.Results.(default max_int r) = max_int then None
  else Some (Eva.Results.default 0 r)

(* The owner word of a lock object: its first int (see the harness). *)
let lock_word model (b, off) =
  let loc = Locations.make_loc
      (Locations.Location_Bits.inject b (Ival.of_int (off * 8)))
      (Int_Base.inject (Integer.of_int 32)) in
  Cvalue.Model.find model loc

(* Context key -> lock objects whose word may already hold the context's
   owner values when the thread starts (left held by an earlier thread at
   the same depth): their word says nothing about this thread. *)
let leaked_locks : (string, (Base.t * int) list) Hashtbl.t = Hashtbl.create 17

let compute_leaked key req =
  let leaked = match Lazy.force depth_var with
    | None -> !lock_objects
    | Some dv ->
      match var_value dv req with
      | None -> !lock_objects
      | Some d ->
        let model = Eva.Results.get_cvalue_model req in
        List.filter (fun lo ->
            try
              let iv = Cvalue.V.project_ival (lock_word model lo) in
              Ival.intersects iv (Ival.of_int (2 * (d + 1) + 1))
              || Ival.intersects iv (Ival.of_int (2 * (d + 1)))
            with _ -> true)
          !lock_objects in
  let old = try Hashtbl.find leaked_locks key with Not_found -> [] in
  Hashtbl.replace leaked_locks key (leaked @ old)

let locks_held ctx req =
  let leaked = try Hashtbl.find leaked_locks ctx with Not_found -> [] in
  match Lazy.force depth_var with
  | None -> []
  | Some dv ->
    match var_value dv req with
    | None -> []
    | Some d ->
      let model = Eva.Results.get_cvalue_model req in
      List.fold_left (fun acc ((b, off) as lo) ->
          if Base.is_weak b
          || List.exists (fun (b', o') -> Base.equal b b' && o' = off) leaked then acc
          else
            match singleton_int (lock_word model lo) with
            | Some w when w = 2 * (d + 1) + 1 -> (lock_name lo, true) :: acc
            | Some w when w = 2 * (d + 1) -> (lock_name lo, false) :: acc
            | _ -> acc)
        [] !lock_objects
      |> List.sort compare

let main_alone cs req =
  split_thread cs = None &&
  (match Lazy.force live_var with
   | None -> false
   | Some lv -> var_value lv req = Some 0)

(* ---- reads of an expression ---- *)

let rec reads_exp acc e =
  match e.enode with
  | Lval lv when Cil.isFunctionType (Cil.typeOfLval lv) ->
    (* a function designator (direct call): nothing is read *)
    reads_lval_addr acc lv
  | Lval lv -> reads_lval_addr (lv :: acc) lv
  | AddrOf lv | StartOf lv -> reads_lval_addr acc lv
  | UnOp (_, e, _) | CastE (_, e) -> reads_exp acc e
  | BinOp (_, a, b, _) -> reads_exp (reads_exp acc a) b
  | SizeOfE _ | AlignOfE _ | Const _ | SizeOf _ | SizeOfStr _ | AlignOf _ -> acc

and reads_lval_addr acc (host, off) =
  let acc = match host with Var _ -> acc | Mem e -> reads_exp acc e in
  reads_offset acc off

and reads_offset acc = function
  | NoOffset -> acc
  | Field (_, o) -> reads_offset acc o
  | Index (e, o) -> reads_offset (reads_exp acc e) o

let syntactically_private (host, _) =
  match host with Var vi -> private_var vi || is_tls vi | Mem _ -> false

(* ---- per-statement analysis ---- *)

let record ctx cs req site line kind zone locks =
  let bases = match zone with
    | None -> []
    | Some z -> (match zone_bases z with Some l -> List.filter relevant_base l | None -> [])
  in
  let zone = match zone with
    | Some z when zone_bases z = None -> None
    | z -> z in
  if zone = None || bases <> [] then begin
    if zone = None then warn "imprecise" site "an address Eva could not resolve: \
                                               this access conflicts with every access";
    accesses := {
      a_ctx = ctx; a_site = site; a_line_key = line; a_kind = kind; a_zone = zone;
      a_bases = bases; a_locks = Lazy.force locks; a_alone = main_alone cs req;
      a_owned_frames = List.map fst (thread_frames cs) } :: !accesses
  end

let access_lval ctx cs req site kind lv locks =
  if not (syntactically_private lv) then
    try
      let z = zone_of_lval ~for_writing:(kind = W) lv req in
      record ctx cs req site site kind z locks
    with Exit -> ()

let reads ctx cs req site exps locks =
  let lvs = List.fold_left reads_exp [] exps in
  List.iter (fun lv -> access_lval ctx cs req site R lv locks) lvs

let value_bases e req =
  let v = Eva.Results.(eval_exp e req |> as_cvalue) in
  try Cvalue.V.fold_bases (fun b acc -> b :: acc) v []
  with Abstract_interp.Error_Top -> []

let note_publication dest e req =
  if not (syntactically_private dest) then
    List.iter (fun b -> match b with
        | Base.Var (vi, _) when not vi.vglob || is_tls vi ->
          Hashtbl.replace published (Base.id b) ()
        | Base.Allocated _ -> Hashtbl.replace published (Base.id b) ()
        | _ -> ())
      (value_bases e req)

(* The memory a pointer argument points to, from its offset to the end of
   the object: what a function without a body may read or write. *)
let pointed_zone e req =
  let v = Eva.Results.(eval_exp e req |> as_cvalue) in
  try
    let z = Cvalue.V.fold_topset_ok (fun b _ acc ->
        if relevant_base b then
          Locations.Zone.join acc (Locations.enumerate_bits (Locations.loc_of_base b))
        else acc) v Locations.Zone.bottom in
    if Locations.Zone.is_bottom z then `None else `Zone z
  with Abstract_interp.Error_Top -> `Unknown

let rec strip_casts e = match e.enode with CastE (_, e) -> strip_casts e | _ -> e

let is_const_pointer t =
  match Cil.unrollType t with
  | TPtr (pt, _) -> Cil.isConstType pt
  | _ -> false

(* The lock objects the lock argument [a] of a call may point to, in the
   state [req] before the call, added to the lock objects. *)
let add_lock_objects_of req a =
  let v = Eva.Results.(eval_exp a req |> as_cvalue) in
  try Cvalue.V.fold_topset_ok (fun b iv () ->
      if Ival.is_singleton_int iv then
        add_lock_object b (Integer.to_int_exn (Ival.project_int iv)))
      v ()
  with Abstract_interp.Error_Top -> ()

let analyse_call ctx cs req s site lvo fexp args locks =
  reads ctx cs req site (fexp :: args) locks;
  let callees = Eva.Results.(default [] (eval_callee fexp req)) in
  if callees = [] && not (Eva.Results.is_empty req) then
    warn "unresolved-call" site "a call whose target Eva could not resolve: \
                                 the analysis is incomplete, nothing is pruned";
  List.iter (fun kf ->
      let name = Kernel_function.get_name kf in
      if List.mem name markers then ()
      else if is_atomic_function name then begin
        match args with
        | a :: _ ->
          let a = strip_casts a in
          let size = try Cil.bitsSizeOf (Cil.typeOf_pointed (Cil.typeOf a))
            with _ -> 8 in
          let v = Eva.Results.(eval_exp a req |> as_cvalue) in
          let loc = Locations.make_loc (Locations.loc_bytes_to_loc_bits v)
              (Int_Base.inject (Integer.of_int size)) in
          let z = Locations.enumerate_bits loc in
          atomic_sites := (site, z) :: !atomic_sites;
          record ctx cs req site site A
            (match zone_bases z with Some _ -> Some z | None -> None) locks
        | [] -> ()
      end
      else if List.mem_assoc name lock_functions then begin
        let i = List.assoc name lock_functions in
        Option.iter (add_lock_objects_of req) (List.nth_opt args i)
      end
      else if kf_is_harness kf then ()
      else if not (Kernel_function.is_definition kf) || kf_is_libc kf then begin
        if not (kf_is_libc kf) then
          warn "external" site
            (Printf.sprintf "%s has no body among the sources: assumed to read and \
                             write all memory its pointer arguments reach (globals \
                             it names itself are not seen)" name);
        (* No body: its effect on pointed memory is unknown. *)
        let formals = try Kernel_function.get_formals kf with _ -> [] in
        List.iteri (fun i a ->
            if Cil.isPointerType (Cil.typeOf a) then begin
              let ro = (match List.nth_opt formals i with
                  | Some f -> is_const_pointer f.vtype
                  | None -> false)
                       || is_const_pointer (Cil.typeOf (strip_casts a)) in
              let kind = if name = "free" then W else if ro then R else W in
              match pointed_zone a req with
              | `None -> ()
              | `Zone z -> record ctx cs req site site kind (Some z) locks;
                if not ro && name <> "free" then
                  List.iter (fun b -> Hashtbl.replace published (Base.id b) ())
                    (value_bases a req)
              | `Unknown -> record ctx cs req site site kind None locks
            end) args
      end)
    callees;
  (* Allocation: remember which context allocated the heap base. *)
  (match lvo with
   | Some lv ->
     if List.exists (fun kf -> List.mem (Kernel_function.get_name kf) alloc_functions) callees
     then begin
       let req_after = Eva.Results.(after s |> in_callstack cs) in
       let v = Eva.Results.(eval_lval lv req_after |> as_cvalue) in
       (try Cvalue.V.fold_bases (fun b () -> match b with
            | Base.Allocated _ ->
              if not (Hashtbl.mem alloc_site (Base.id b)) then
                Hashtbl.replace alloc_site (Base.id b) site;
              let l = try Hashtbl.find alloc_ctx (Base.id b) with Not_found -> [] in
              if not (List.mem ctx l) then Hashtbl.replace alloc_ctx (Base.id b) (ctx :: l)
            | _ -> ()) v ()
        with Abstract_interp.Error_Top -> ())
     end;
     access_lval ctx cs req site W lv locks
   | None -> ())

let analyse_stmt s cs =
  let req = Eva.Results.(before s |> in_callstack cs) in
  if not (Eva.Results.is_empty req) then begin
    let ctx = context_key cs in
    let locks = lazy (locks_held ctx req) in
    let site = site_of_loc (Cil_datatype.Stmt.loc s) in
    match s.skind with
    | Instr (Set (lv, e, _)) ->
      reads ctx cs req site [e] locks;
      List.iter (fun l -> access_lval ctx cs req site R l locks)
        (reads_lval_addr [] lv);
      access_lval ctx cs req site W lv locks;
      note_publication lv e req
    | Instr (Call (lvo, fexp, args, _)) ->
      (match lvo with
       | Some lv -> List.iter (fun l -> access_lval ctx cs req site R l locks)
                      (reads_lval_addr [] lv)
       | None -> ());
      analyse_call ctx cs req s site lvo fexp args locks
    | Instr (Local_init (vi, AssignInit (SingleInit e), _)) ->
      reads ctx cs req site [e] locks;
      if vi.vaddrof then access_lval ctx cs req site W (Var vi, NoOffset) locks
    | Instr (Local_init (vi, AssignInit (CompoundInit _), _)) ->
      if vi.vaddrof then access_lval ctx cs req site W (Var vi, NoOffset) locks
    | Instr (Local_init (vi, ConsInit (f, args, _), _)) ->
      let fexp = Cil.evar f in
      analyse_call ctx cs req s site (Some (Var vi, NoOffset)) fexp args locks
    | Instr (Asm _) ->
      warn "asm" site "inline assembly is not analysed"
    | If (e, _, _, _) | Switch (e, _, _, _) | Return (Some e, _) ->
      reads ctx cs req site [e] locks
    | _ -> ()
  end

(* ---- pairs ---- *)

let contexts : (string, context) Hashtbl.t = Hashtbl.create 17

let find_contexts () =
  List.iter (fun m ->
      match (try Some (Globals.Functions.find_by_name m) with Not_found -> None) with
      | Some kf when Kernel_function.is_definition kf && Eva.Results.is_called kf ->
        let fd = Kernel_function.get_definition kf in
        List.iter (fun s ->
            match s.skind with
            | Instr (Call (_, fexp, _, _)) ->
              List.iter (fun cs ->
                  let key = cs_key cs in
                  let req = Eva.Results.(before s |> in_callstack cs) in
                  compute_leaked key req;
                  let entries = List.map Kernel_function.get_name
                      Eva.Results.(default [] (eval_callee fexp req)) in
                  (* cs = marker :: pthread_create (user call) :: ... *)
                  let user_frames = match cs with _ :: rest -> rest | [] -> [] in
                  let outside_harness (_, ki) = match ki with
                    | Kstmt st -> not (is_harness_loc (Cil_datatype.Stmt.loc st))
                    | Kglobal -> false in
                  let parent_key = context_key user_frames in
                  let create_site, multi =
                    match List.find_opt outside_harness user_frames with
                    | Some (_, Kstmt cst) ->
                      site_of_loc (Cil_datatype.Stmt.loc cst),
                      List.exists (fun (_, ki) -> match ki with
                          | Kstmt st -> Hashtbl.mem in_loop st.sid
                          | Kglobal -> false) user_frames
                    | _ -> "-", true in
                  if entries = [] then
                    warn "unresolved-thread"
                      (if create_site = "-" then site_of_loc (Cil_datatype.Stmt.loc s)
                       else create_site)
                      "a thread start routine Eva could not resolve: the analysis \
                       is incomplete, nothing is pruned";
                  let hid = match Lazy.force tid_var with
                    | Some v -> var_value v req
                    | None -> None in
                  (* the run at join: pthread_join among the harness frames
                     between the marker and the user's call *)
                  let rec harness_prefix = function
                    | ((_, Kstmt st) as f) :: rest
                      when is_harness_loc (Cil_datatype.Stmt.loc st) ->
                      f :: harness_prefix rest
                    | f :: _ -> [ f ]     (* the harness function the user called *)
                    | [] -> [] in
                  let at_join = List.exists (fun (kf, _) ->
                      Kernel_function.get_name kf = "pthread_join")
                      (harness_prefix user_frames) in
                  let joined_before =
                    if parent_key = "main" && not at_join then definitely_joined req
                    else [] in
                  match Hashtbl.find_opt contexts key with
                  | Some c -> c.entries <- List.sort_uniq compare (entries @ c.entries)
                  | None ->
                    Hashtbl.replace contexts key
                      { key; cs; entries = List.sort_uniq compare entries;
                        create_site; multi; parent_key; hid; at_join; joined_before;
                        tid = 0 })
                (Eva.Results.(before s |> callstacks))
            | _ -> ())
          (stmts_of fd)
      | _ -> ())
    markers;
  (* A thread created by a thread that has several instances has several
     instances too; an unknown parent is assumed to have several. *)
  let changed = ref true in
  while !changed do
    changed := false;
    Hashtbl.iter (fun _ c ->
        if not c.multi && c.parent_key <> "main" then
          match Hashtbl.find_opt contexts c.parent_key with
          | Some p when not p.multi -> ()
          | _ -> c.multi <- true; changed := true)
      contexts
  done;
  let l = Hashtbl.fold (fun _ c acc -> c :: acc) contexts [] in
  (* Numbering: creation runs first, by creation site; the run at join of
     a thread with an exact harness number (never several instances) gets
     the number of that thread's creation run. *)
  let site_order site =       (* "f.c:9" before "f.c:10" *)
    match String.rindex_opt site ':' with
    | Some k -> (String.sub site 0 k,
                 int_of_string_opt (String.sub site (k + 1) (String.length site - k - 1)))
    | None -> (site, None) in
  let l = List.sort (fun a b ->
      compare (a.at_join, site_order a.create_site, a.entries, a.key)
        (b.at_join, site_order b.create_site, b.entries, b.key)) l in
  let by_hid = Hashtbl.create 17 and next = ref 0 in
  List.iter (fun c ->
      match (if c.multi then None else c.hid) with
      | Some h when Hashtbl.mem by_hid h -> c.tid <- Hashtbl.find by_hid h
      | h ->
        (* a join run of threads with several instances joins the creation
           context of several instances that runs the same routines: both
           race with themselves anyway *)
        let twin = if c.at_join && c.multi then
            List.find_opt (fun c' -> not c'.at_join && c'.multi && c'.tid > 0
                                     && c'.entries = c.entries
                                     && c'.parent_key = c.parent_key) l
          else None in
        match twin with
        | Some t -> c.tid <- t.tid
        | None ->
          incr next;
          c.tid <- !next;
          Option.iter (fun h -> Hashtbl.replace by_hid h !next) h)
    l;
  l

let tid_of key =
  if key = "main" then 0
  else match Hashtbl.find_opt contexts key with Some c -> c.tid | None -> -1

let multi_of key =
  key <> "main" &&
  (match Hashtbl.find_opt contexts key with Some c -> c.multi | None -> true)

(* Is base [b] private to each instance of context [ctx]? *)
let instance_private ctx b accs =
  not (Hashtbl.mem published (Base.id b)) &&
  (match b with
   | Base.Allocated _ ->
     (match Hashtbl.find_opt alloc_ctx (Base.id b) with
      | Some [c] -> c = ctx
      | _ -> false)
   | Base.Var (vi, _) when not vi.vglob ->
     (match Kernel_function.find_defining_kf vi with
      | Some kf ->
        List.for_all (fun a -> a.a_ctx <> ctx ||
                               List.exists (Kernel_function.equal kf) a.a_owned_frames)
          accs
      | None -> false)
   | _ -> false)

let zones_meet a b =
  match a.a_zone, b.a_zone with
  | None, _ | _, None -> true
  | Some za, Some zb -> Locations.Zone.intersects za zb

(* A local of f touched by two accesses that each run f's frame in their
   own thread (not one inherited from the creator): two different frames,
   unless its address was published. *)
let frames_private a b base =
  match base with
  | Base.Var (vi, _) when not vi.vglob && not (Hashtbl.mem published (Base.id base)) ->
    (match Kernel_function.find_defining_kf vi with
     | Some kf ->
       List.exists (Kernel_function.equal kf) a.a_owned_frames
       && List.exists (Kernel_function.equal kf) b.a_owned_frames
     | None -> false)
  | _ -> false

(* Two threads main created, one created after main joined the other:
   they never overlap.  Only single threads with exact harness numbers;
   a thread's descendants are other threads and stay concurrent. *)
let creation_cache : (string, context option) Hashtbl.t = Hashtbl.create 17

(* The creation run of the thread whose context (maybe its run at join) is
   [key]. *)
let creation key =
  match Hashtbl.find_opt creation_cache key with
  | Some c -> c
  | None ->
    let r = match Hashtbl.find_opt contexts key with
      | None -> None
      | Some c ->
        Hashtbl.fold (fun _ c' acc ->
            if c'.tid = c.tid && not c'.at_join then Some c' else acc) contexts None in
    Hashtbl.replace creation_cache key r;
    r

let ordered_threads ka kb =
  match creation ka, creation kb with
  | Some a, Some b when not a.multi && not b.multi
                     && a.parent_key = "main" && b.parent_key = "main" ->
    (match a.hid, b.hid with
     | Some ha, Some hb -> List.mem ha b.joined_before || List.mem hb a.joined_before
     | _ -> false)
  | _ -> false

let concurrent a b base_priv frames_priv =
  if a.a_alone || b.a_alone || frames_priv then false
  else if tid_of a.a_ctx <> tid_of b.a_ctx then not (ordered_threads a.a_ctx b.a_ctx)
  else multi_of a.a_ctx && multi_of b.a_ctx && not base_priv

let conflicting a b =
  match a.a_kind, b.a_kind with
  | R, R | A, A -> false
  | _ -> true

let protecting_lock a b =
  List.find_opt (fun (l, ex) ->
      List.exists (fun (l', ex') -> l = l' && (ex || ex')) b.a_locks)
    a.a_locks

(* Plain accesses generated by Frama-C's stdatomic macros (a marker call and
   a store on the same line, same object) are part of the atomic operation. *)
let is_atomic_part a =
  a.a_kind <> A &&
  (match a.a_zone with
   | None -> false
   | Some z -> List.exists (fun (line, az) ->
       line = a.a_line_key && Locations.Zone.intersects z az) !atomic_sites)

(* ---- unreached functions ---- *)

(* Code Eva never reached: a function never called, or statements of a
   called function that no analysed state reaches.  Either it is dead, or it
   runs through something the harness does not model (a spin-wait on a flag
   another thread sets later, a thread entry Eva could not resolve).  Its
   accesses are kept as accesses of an "unknown" thread, concurrent with
   every thread: each global it touches is shared and pairs with every
   other access to it.  A dereference there could be anywhere: the facts
   are then incomplete. *)
let unknown_ctx = "unknown"

let unknown_access site kind lv =
  match fst lv with
  | Var vi ->
    let b = Base.of_varinfo vi in
    if relevant_base b then
      accesses := {
        a_ctx = unknown_ctx; a_site = site; a_line_key = site; a_kind = kind;
        a_zone = Some (Locations.enumerate_bits (Locations.loc_of_base b));
        a_bases = [ b ]; a_locks = []; a_alone = false;
        a_owned_frames = [] } :: !accesses
  | Mem _ -> ()

let report_unreached () =
  Globals.Functions.iter (fun kf ->
      if Kernel_function.is_definition kf
         && not (kf_is_harness kf) && not (kf_is_libc kf) then begin
        let called = Eva.Results.is_called kf in
        let fd = Kernel_function.get_definition kf in
        let name = Kernel_function.get_name kf in
        let reason = if called then "not reached by Eva in " ^ name
          else "unreached function " ^ name in
        let derefs = ref None and any = ref None in
        List.iter (fun s ->
            if not called || not (Eva.Results.is_reachable s) then begin
              let site = site_of_loc (Cil_datatype.Stmt.loc s) in
              let exps, lvs = match s.skind with
                | Instr (Set (lv, e, _)) -> [e], [lv]
                | Instr (Call (lvo, f, args, _)) ->
                  f :: args, (match lvo with Some l -> [l] | None -> [])
                | Instr (Local_init (_, AssignInit (SingleInit e), _)) -> [e], []
                | If (e, _, _, _) | Switch (e, _, _, _) | Return (Some e, _) -> [e], []
                | _ -> [], [] in
              let reads = List.fold_left reads_exp [] exps in
              let reads = List.fold_left reads_lval_addr reads lvs in
              let note kind ((host, _) as lv) =
                if not (syntactically_private lv) then begin
                  unknown_sites := (site, reason) :: !unknown_sites;
                  if !any = None then any := Some site;
                  unknown_access site kind lv;
                  match host with
                  | Mem _ -> if !derefs = None then derefs := Some site
                  | Var _ -> ()
                end in
              List.iter (note R) reads;
              List.iter (note W) lvs
            end)
          (stmts_of fd);
        let fsite = site_of_loc (Kernel_function.get_location kf) in
        match !derefs, !any with
        | Some site, _ ->
          warn "unreached-deref" (if called then site else fsite)
            (if called then
               Printf.sprintf "code of %s that Eva never reached accesses memory \
                               through pointers: nothing is pruned" name
             else
               Printf.sprintf "function %s was never reached by Eva and accesses \
                               memory through pointers: nothing is pruned" name)
        | None, Some site ->
          warn "unreached" (if called then site else fsite)
            (if called then
               Printf.sprintf "code of %s that Eva never reached: its accesses \
                               are candidates with every thread" name
             else
               Printf.sprintf "function %s was never reached by Eva: its accesses \
                               are candidates with every thread" name)
        | None, None -> ()
      end)

(* ---- output ---- *)

let run () =
  let out = Out.get () in
  if out <> "" then begin
    if not (Eva.Analysis.is_computed ()) then Eva.Analysis.compute ();
    Globals.Functions.iter (fun kf ->
        if Kernel_function.is_definition kf then
          collect_loops (Kernel_function.get_definition kf));
    (* Lock objects first: find_contexts and locks_held need all of them. *)
    let user_kfs = ref [] in
    Globals.Functions.iter (fun kf ->
        if Kernel_function.is_definition kf && Eva.Results.is_called kf
           && not (kf_is_harness kf) && not (kf_is_libc kf) then
          user_kfs := kf :: !user_kfs);
    let user_kfs = List.rev !user_kfs in
    let each_stmt f =
      List.iter (fun kf ->
          List.iter (fun s ->
              if Eva.Results.is_reachable s then
                List.iter (fun cs -> f s cs) Eva.Results.(before s |> callstacks))
            (stmts_of (Kernel_function.get_definition kf)))
        user_kfs in
    each_stmt (fun s cs ->
        match s.skind with
        | Instr (Call (_, fexp, args, _)) ->
          let req = Eva.Results.(before s |> in_callstack cs) in
          (match Eva.Results.(default [] (eval_callee fexp req)) with
           | kfs -> List.iter (fun kf ->
               let name = Kernel_function.get_name kf in
               if List.mem_assoc name lock_functions then
                 Option.iter (add_lock_objects_of req)
                   (List.nth_opt args (List.assoc name lock_functions))) kfs)
        | _ -> ());
    let ctxs = find_contexts () in
    each_stmt analyse_stmt;
    report_unreached ();
    let accs = List.filter (fun a -> not (is_atomic_part a)) !accesses in
    let accs = Array.of_list (List.rev accs) in
    (* Shared locations and pairs. *)
    let shared : (string, int list) Hashtbl.t = Hashtbl.create 17 in
    let pairs : (string * string * string, string) Hashtbl.t = Hashtbl.create 17 in
    let protected_ : (string * string * string, string) Hashtbl.t = Hashtbl.create 17 in
    let add_shared name tids =
      let l = try Hashtbl.find shared name with Not_found -> [] in
      Hashtbl.replace shared name (List.sort_uniq compare (tids @ l)) in
    let all = Array.to_list accs in
    let n = Array.length accs in
    (* instance_private scans all accesses: once per (context, base) *)
    let priv_cache = Hashtbl.create 97 in
    let inst_priv ctx x =
      let k = (ctx, Base.id x) in
      match Hashtbl.find_opt priv_cache k with
      | Some v -> v
      | None -> let v = instance_private ctx x all in Hashtbl.replace priv_cache k v; v in
    let process a b base =
      let priv = match base with
        | Some x -> a.a_ctx = b.a_ctx && inst_priv a.a_ctx x
        | None -> false in
      let fpriv = match base with
        | Some x -> frames_private a b x
        | None -> false in
      if concurrent a b priv fpriv then begin
        let name = match base with Some x -> base_name x | None -> "*" in
        add_shared name (List.filter (fun t -> t >= 0) [ tid_of a.a_ctx; tid_of b.a_ctx ]);
        if conflicting a b then begin
          let s1, s2, k1, k2 =
            if compare a.a_site b.a_site <= 0
            then a.a_site, b.a_site, a.a_kind, b.a_kind
            else b.a_site, a.a_site, b.a_kind, a.a_kind in
          let key = (s1, s2, name) in
          match protecting_lock a b with
          | Some (l, _) ->
            if not (Hashtbl.mem pairs key) then
              Hashtbl.replace protected_ key l
          | None ->
            Hashtbl.remove protected_ key;
            let kinds = kind_char k1 ^ "/" ^ kind_char k2 in
            let kinds = match Hashtbl.find_opt pairs key with
              | Some k when k <> kinds ->
                String.concat "," (List.sort_uniq compare
                                     (String.split_on_char ',' k @ [kinds]))
              | Some k -> k
              | None -> kinds in
            Hashtbl.replace pairs key kinds
        end
      end in
    (* Accesses with a known target meet only accesses to the same bases:
       pair them base by base; an access with an unknown target meets
       every access. *)
    let groups : (int, Base.t * int list) Hashtbl.t = Hashtbl.create 97 in
    let unknown = ref [] in
    Array.iteri (fun i a ->
        match a.a_zone with
        | None -> unknown := i :: !unknown
        | Some _ ->
          List.iter (fun x ->
              let l = match Hashtbl.find_opt groups (Base.id x) with
                | Some (_, l) -> l | None -> [] in
              Hashtbl.replace groups (Base.id x) (x, i :: l))
            a.a_bases)
      accs;
    Hashtbl.iter (fun _ (x, idxs) ->
        let g = Array.of_list (List.rev idxs) in
        let m = Array.length g in
        for p = 0 to m - 1 do
          for q = p to m - 1 do
            let a = accs.(g.(p)) and b = accs.(g.(q)) in
            if zones_meet a b then process a b (Some x)
          done
        done)
      groups;
    List.iter (fun i ->
        let u = accs.(i) in
        for k = 0 to n - 1 do
          let b = accs.(k) in
          match b.a_zone with
          | Some _ -> List.iter (fun x -> process u b (Some x)) b.a_bases
          | None -> if i <= k then process u b None
        done)
      !unknown;
    let site_json site =
      (* "file:line" -> file and line; the file name may contain ':' *)
      let k = String.rindex site ':' in
      [ "file", `String (String.sub site 0 k);
        "line", `Int (int_of_string (String.sub site (k + 1)
                                       (String.length site - k - 1))) ] in
    let location_kind name =
      if name = "*" then "unknown"
      else if has_prefix "heap@" name then "heap"
      else if String.contains name ':' then "stack"
      else "global" in
    (* one thread per output id: the first context (its creation run)
       names it, the entries of all its runs are merged *)
    let threads = List.filter_map (fun c ->
        let same = List.filter (fun c' -> c'.tid = c.tid) ctxs in
        if List.hd same != c then None
        else
          let entries = List.sort_uniq compare (List.concat_map (fun c -> c.entries) same) in
          Some (`Assoc ([ "id", `Int c.tid; "at_join", `Bool c.at_join;
                          "entries", `List (List.map (fun e -> `String e) entries);
                          "multiple", `Bool (List.exists (fun c -> c.multi) same);
                          "parent", `Int (tid_of c.parent_key) ]
                        @ (if c.create_site = "-" then [ "create_site", `Null ]
                           else [ "create_site", `Assoc (site_json c.create_site) ]))))
        ctxs in
    (* the unknown thread's accesses are listed as unknown sites instead *)
    let listed = List.filter (fun a -> a.a_ctx <> unknown_ctx) all in
    let acc_rows = List.sort_uniq compare (List.concat_map (fun a ->
        let locs = match a.a_zone with
          | None -> [ "*" ]
          | Some _ -> List.sort_uniq compare (List.map base_name a.a_bases) in
        List.map (fun loc ->
            (a.a_site, tid_of a.a_ctx, kind_char a.a_kind, loc,
             List.map (fun (n, ex) -> if ex then n else n ^ "(r)") a.a_locks,
             a.a_alone)) locs) listed) in
    let accesses = List.map (fun (site, tid, k, loc, locks, alone) ->
        `Assoc (site_json site @
                [ "thread", `Int tid; "kind", `String k; "location", `String loc;
                  "locks", `List (List.map (fun l -> `String l) locks);
                  "alone", `Bool alone ]))
        acc_rows in
    let sorted tbl = List.sort compare (Hashtbl.fold (fun k v acc -> (k, v) :: acc) tbl []) in
    let shared_rows = List.map (fun (name, tids) ->
        `Assoc [ "location", `String name; "kind", `String (location_kind name);
                 "threads", `List (List.map (fun t -> `Int t) tids) ])
        (sorted shared) in
    let pair_json ((s1, s2, loc), extra) =
      `Assoc ([ "a", `Assoc (site_json s1); "b", `Assoc (site_json s2);
                "location", `String loc ] @ extra) in
    let pair_rows = List.map (fun (k, kinds) ->
        pair_json (k, [ "kinds", `List (List.map (fun x -> `String x)
                                          (String.split_on_char ',' kinds)) ]))
        (sorted pairs) in
    let protected_rows = List.map (fun (k, l) -> pair_json (k, [ "lock", `String l ]))
        (sorted protected_) in
    let unknown_rows = List.map (fun (site, why) ->
        `Assoc (site_json site @ [ "reason", `String why ]))
        (List.sort_uniq compare !unknown_sites) in
    let warn_rows = List.map (fun (k, site, msg) ->
        `Assoc (site_json site @ [ "kind", `String k; "message", `String msg ]))
        (List.sort_uniq compare !warns) in
    (* Incomplete: some code may run that Eva never analysed in a thread
       context; the consumer must then prune nothing. *)
    let complete = not (List.exists (fun (k, _, _) ->
        List.mem k [ "unresolved-call"; "unresolved-thread"; "unreached-deref" ])
        !warns) in
    let json = `Assoc [
        "format", `String "augur-static-facts";
        "version", `Int 1;
        "complete", `Bool complete;
        "threads", `List threads;
        "shared", `List shared_rows;
        "accesses", `List accesses;
        "pairs", `List pair_rows;
        "protected", `List protected_rows;
        "unknown_sites", `List unknown_rows;
        "warnings", `List warn_rows ] in
    if out = "-" then Json.save_channel ~pretty:true stdout json
    else Json.save_file ~pretty:true out json
  end

let () = Db.Main.extend run
