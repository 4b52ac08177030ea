// Fortran statements, one logical statement per line (the line layer has already joined
// continuations and removed labels and comments). The grammar recognizes what the
// parallel-structure DAG needs and keeps every other statement as an opaque `other`.
grammar Fortran;

fortranFile : statementLine* EOF ;

statementLine : statement EOS ;

statement
    : prefix* FUNCTION name parenGroup? anything*                      #functionStmt
    | prefix* SUBROUTINE name parenGroup? anything*                    #subroutineStmt
    | PROGRAM name anything*                                           #programStmt
    | MODULE name                                                      #moduleStmt
    | (BLOCK DATA | BLOCKDATA) name?                                   #blockDataStmt
    | (END (PROGRAM | SUBROUTINE | FUNCTION | MODULE | BLOCK DATA | BLOCKDATA)
      | ENDPROGRAM | ENDSUBROUTINE | ENDFUNCTION | ENDMODULE | ENDBLOCKDATA) name?     #endUnitStmt
    | END                                                              #endStmt
    | CONTAINS                                                         #containsStmt
    | (name ':')? DO label=INT? ','? name '=' bound (',' bound)+       #doStmt
    | (name ':')? DO label=INT? ','? WHILE parenGroup                  #doWhileStmt
    | (name ':')? DO label=INT? ','? name parenGroup anything*         #doConcurrentStmt
    | (name ':')? DO label=INT?                                        #doForeverStmt
    | (END DO | ENDDO) name?                                           #endDoStmt
    | (name ':')? IF parenGroup THEN                                   #ifThenStmt
    | (ELSE IF | ELSEIF) parenGroup THEN name?                         #elseIfStmt
    | ELSE name?                                                       #elseStmt
    | (END IF | ENDIF) name?                                           #endIfStmt
    | IF parenGroup statement                                          #logicalIfStmt
    | CALL name parenGroup?                                            #callStmt
    | CONTINUE                                                         #continueStmt
    | RETURN anything*                                                 #returnStmt
    | (name ':')? (SELECT CASE | SELECTCASE) parenGroup                 #selectStmt
    | CASE anything*                                                   #caseStmt
    | (END SELECT | ENDSELECT) name?                                   #endSelectStmt
    | ABSTRACT? INTERFACE anything*                                    #interfaceStmt
    | (END INTERFACE | ENDINTERFACE) anything*                         #endInterfaceStmt
    | TYPE name                                                        #typeDefStmt
    | TYPE (',' anything*)? '::' name                                  #typeDefStmt2
    | (END TYPE | ENDTYPE) name?                                       #endTypeStmt
    | (name ':')? (WHERE | FORALL) parenGroup                          #blockWhereStmt
    | (END WHERE | ENDWHERE | END FORALL | ENDFORALL) name?            #endWhereStmt
    | typeSpec (',' attribute)* '::'? entity (',' entity)*             #typeDeclStmt
    | DIMENSION '::'? entity (',' entity)*                             #dimensionStmt
    | COMMON commonPart+                                               #commonStmt
    | designator '=' anything+                                         #assignmentStmt
    | anything+                                                        #otherStmt
    ;

prefix : RECURSIVE | PURE | ELEMENTAL | IMPURE | typeSpec ;

typeSpec
    : REAL ('*' INT | parenGroup)?
    | DOUBLE PRECISION
    | DOUBLEPRECISION
    | DOUBLE COMPLEX
    | DOUBLECOMPLEX
    | INTEGER ('*' INT | parenGroup)?
    | COMPLEX ('*' INT | parenGroup)?
    | LOGICAL ('*' INT | parenGroup)?
    | CHARACTER ('*' (INT | parenGroup) | parenGroup)?
    | TYPE parenGroup
    ;

attribute : name parenGroup? ;

entity : name parenGroup? ('*' (INT | parenGroup))? (('=' | '=>') anything+?)? ;

commonPart : ('/' name? '/')? entity (',' entity)* ','? ;

designator : name parenGroup* ('%' name parenGroup*)* ;

// one DO bound: tokens up to a comma at nesting depth 0
bound : (parenGroup | ~(',' | '(' | ')' | EOS))+ ;

parenGroup : '(' (parenGroup | ~('(' | ')' | EOS))* ')' ;

anything : parenGroup | ~('(' | ')' | EOS) ;

name
    : ID | PROGRAM | SUBROUTINE | FUNCTION | MODULE | BLOCK | DATA | BLOCKDATA | END | CONTAINS
    | DO | ENDDO | WHILE | IF | THEN | ELSE | ELSEIF | ENDIF | CALL | CONTINUE | RETURN | SELECT
    | CASE | SELECTCASE | ENDSELECT | INTERFACE | ENDINTERFACE | ABSTRACT | TYPE | ENDTYPE | WHERE
    | ENDWHERE | FORALL | ENDFORALL | REAL | DOUBLE | PRECISION | DOUBLEPRECISION | COMPLEX
    | DOUBLECOMPLEX | INTEGER | LOGICAL | CHARACTER | DIMENSION | COMMON | RECURSIVE | PURE
    | ELEMENTAL | IMPURE | ENDPROGRAM | ENDSUBROUTINE | ENDFUNCTION | ENDMODULE | ENDBLOCKDATA
    ;

PROGRAM : P R O G R A M ;
SUBROUTINE : S U B R O U T I N E ;
FUNCTION : F U N C T I O N ;
MODULE : M O D U L E ;
BLOCKDATA : B L O C K D A T A ;
BLOCK : B L O C K ;
DATA : D A T A ;
ENDPROGRAM : E N D P R O G R A M ;
ENDSUBROUTINE : E N D S U B R O U T I N E ;
ENDFUNCTION : E N D F U N C T I O N ;
ENDMODULE : E N D M O D U L E ;
ENDBLOCKDATA : E N D B L O C K D A T A ;
ENDDO : E N D D O ;
ENDIF : E N D I F ;
ENDSELECT : E N D S E L E C T ;
ENDINTERFACE : E N D I N T E R F A C E ;
ENDTYPE : E N D T Y P E ;
ENDWHERE : E N D W H E R E ;
ENDFORALL : E N D F O R A L L ;
END : E N D ;
CONTAINS : C O N T A I N S ;
DO : D O ;
WHILE : W H I L E ;
IF : I F ;
THEN : T H E N ;
ELSEIF : E L S E I F ;
ELSE : E L S E ;
CALL : C A L L ;
CONTINUE : C O N T I N U E ;
RETURN : R E T U R N ;
SELECTCASE : S E L E C T C A S E ;
SELECT : S E L E C T ;
CASE : C A S E ;
ABSTRACT : A B S T R A C T ;
INTERFACE : I N T E R F A C E ;
TYPE : T Y P E ;
WHERE : W H E R E ;
FORALL : F O R A L L ;
DOUBLEPRECISION : D O U B L E P R E C I S I O N ;
DOUBLECOMPLEX : D O U B L E C O M P L E X ;
DOUBLE : D O U B L E ;
PRECISION : P R E C I S I O N ;
REAL : R E A L ;
COMPLEX : C O M P L E X ;
INTEGER : I N T E G E R ;
LOGICAL : L O G I C A L ;
CHARACTER : C H A R A C T E R ;
DIMENSION : D I M E N S I O N ;
COMMON : C O M M O N ;
RECURSIVE : R E C U R S I V E ;
PURE : P U R E ;
ELEMENTAL : E L E M E N T A L ;
IMPURE : I M P U R E ;

REALLIT : DIGIT+ '.' DIGIT* EXPONENT? | '.' DIGIT+ EXPONENT? | DIGIT+ EXPONENT ;
INT : DIGIT+ ;
DOTOP : '.' LETTER+ '.' ;
STRING : '\'' ( ~['\n] | '\'\'' )* '\''? | '"' ( ~["\n] | '""' )* '"'? ;
ID : (LETTER | '_') (LETTER | DIGIT | '_' | '$')* ;

DCOLON : '::' ;
ARROW : '=>' ;
POWER : '**' ;
CONCAT : '//' ;
RELOP : '==' | '/=' | '<=' | '>=' | '<' | '>' ;
LPAREN : '(' ;
RPAREN : ')' ;
COMMA : ',' ;
COLON : ':' ;
EQUALS : '=' ;
STAR : '*' ;
SLASH : '/' ;
PERCENT : '%' ;

EOS : '\n' ;
WS : [ \t\r]+ -> skip ;
UNRECOGNIZED : . ;

fragment LETTER : [a-zA-Z] ;
fragment DIGIT : [0-9] ;
fragment EXPONENT : [eEdDqQ] [+-]? DIGIT+ ;
fragment A : [aA] ; fragment B : [bB] ; fragment C : [cC] ; fragment D : [dD] ; fragment E : [eE] ;
fragment F : [fF] ; fragment G : [gG] ; fragment H : [hH] ; fragment I : [iI] ; fragment K : [kK] ;
fragment L : [lL] ; fragment M : [mM] ; fragment N : [nN] ; fragment O : [oO] ; fragment P : [pP] ;
fragment R : [rR] ; fragment S : [sS] ; fragment T : [tT] ; fragment U : [uU] ; fragment W : [wW] ;
fragment V : [vV] ; fragment Y : [yY] ; fragment X : [xX] ;
