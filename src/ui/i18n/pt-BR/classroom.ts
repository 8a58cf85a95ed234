/** Português (Brasil): class mode (the teacher's QR code, the student's notes). */
import type { Translation } from '../types';

export const classroom: Translation['classroom'] = {
  classMode: 'Modo turma',
  classModeShort: 'Turma',
  classModeHint: 'Mostra um QR code deste momento: os alunos abrem a mesma execução nos próprios aparelhos',
  panel: 'Link da turma',
  qrLabel: (moment) => `QR code do link da turma (${moment})`,
  scan: 'Escaneie para abrir este momento no seu aparelho',
  momentStep: (n, total, time) => `Passo ${n} de ${total} · ${time}`,
  momentTime: (time) => `Em ${time}`,
  momentRecap: (time) => `Resumo · ${time}`,
  follows: 'O código acompanha o Próximo, os capítulos e os seus comandos.',
  private: 'Os alunos respondem nos próprios aparelhos; nada é enviado a lugar nenhum.',
  copy: 'Copiar link da turma',
  copied: 'Link da turma copiado.',
  secondScreen: 'Abrir uma segunda tela',
  secondScreenHint: 'Uma janela deste navegador que acompanha esta (para o projetor)',
  smaller: 'Código menor',
  smallerHint: 'Devolve o espaço ao grafo; o código fica, menor (aperte de novo para o grande)',
  close: 'Encerrar modo turma',
  making: 'Gerando o código…',
  student:
    'Você abriu o link da turma: é o momento do professor. Reproduza, pause e experimente: nada do que você fizer chega a outra pessoa, e suas respostas ficam neste aparelho.',
  follower: 'Esta tela acompanha o modo turma em outra janela deste navegador.',
  dismiss: 'Fechar',
  compare: 'Compare com a turma',
  compareHow: 'Quando o professor ler cada opção, levante a mão na sua:',
};
